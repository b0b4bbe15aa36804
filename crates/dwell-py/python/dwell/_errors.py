"""dwell's exception: the message and its ``Fix:`` hint, kept apart."""


class DwellError(Exception):
    """A graph, file or query dwell refused.

    ``message`` says what is wrong (naming the file, line or value) and
    ``fix`` what to do about it; ``str(err)`` is both, as the CLI prints them.
    """

    def __init__(self, message: str, fix: str = "") -> None:
        self.message = message
        self.fix = fix
        super().__init__(f"{message} Fix: {fix}" if fix else message)
