#!/usr/bin/env python3
"""Verdicts for dwell's data-flow taint findings on Lua 5.4.7 (issue 31).

Input: the JSON of `dwell run taint B --json` on Lua 5.4.7's SSA bundle (shared
datasets: programs/lua-5.4.7.ssa.ll.xz imported with `dwell import llvm`).
Output: a Markdown table, one row per finding, with a verdict and why.

Every finding is reached from the bytes of the script the interpreter loads
(getc/fread in luaL_loadfilex's readers): to Lua those are the program, so a
string the script builds can become a command (`os.execute`, `io.popen`: a true
flow, and the interpreter's purpose; a vulnerability only when untrusted scripts
run unsandboxed), and string lengths the script chooses reach copies, each
checked against or sized for its destination. The verdicts come from reading
those functions in Lua 5.4.7's source, keyed by sink function below; the script
fails on a finding in a function it has no reading for.
"""
import sys

from findings_table import print_verdicts

BY_DESIGN = ("true flow, by design",
             "the script chooses the command: the interpreter runs what its program says")
BOUNDED = "true flow, bounded"
CONSTANT = ("false positive",
            "the copied text is a string literal; points-to keeps all literals as one object, "
            "which a copy into a buffer that may also be a literal taints")

VERDICTS = {
    "os_execute": BY_DESIGN,
    "io_popen": BY_DESIGN,
    "luaL_addvalue": (BOUNDED, "a Lua string's length; luaL_prepbuffsize made room for it"),
    "luaL_addlstring": (BOUNDED, "a Lua string's length; luaL_prepbuffsize made room for it"),
    "prepbuffsize": (BOUNDED, "copies the buffer's content into a larger box sized from it"),
    "addstr2buff": (BOUNDED, "getbuff made room, or a long string goes to the stack whole"),
    "luaO_chunkid": (BOUNDED, "a chunk name's length, cut to the LUA_IDSIZE buffer before the copy"),
    "luaS_newlstr": (BOUNDED, "the new string object is allocated with that length"),
    "internshrstr": (BOUNDED, "the new short string is allocated with that length"),
    "str_rep": (BOUNDED, "string.rep's total is checked against MAXSIZE and the buffer sized to it"),
    "copy2buff": (BOUNDED, "concatenation's buffer is sized to the total length first"),
    "luaZ_read": (BOUNDED, "reads min(n, what the stream holds)"),
    "l_str2d": (BOUNDED, "strcpy only after strlen(s) <= L_MAXLENNUM is checked"),
    "os_tmpname": CONSTANT,
    "addlenmod": CONSTANT,
}


def verdict(f):
    function = f["at"]["function"]
    if function not in VERDICTS:
        sys.exit(f"no reading for a finding in {function}: a new reading is needed")
    return VERDICTS[function]


if __name__ == "__main__":
    print_verdicts(
        "usage: lua-findings.py TAINT.json (from `dwell run taint B --json` on Lua 5.4.7)",
        verdict,
    )
