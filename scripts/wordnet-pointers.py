#!/usr/bin/env python3
"""WordNet 3.0's pointer graph as a three-field edge list, and expected answers.

Reads WordNet's data.noun/verb/adj/adv (Debian package `wordnet-base`,
/usr/share/wordnet) and writes one line per pointer, `SRC DST SYMBOL`:
synsets named `OFFSET-POS` (`02084071-n`, as WordNet's own sense keys do;
satellite adjectives `s` are written `a`, as pointers name them), the
pointer symbol as published (`@` hypernym, `~` hyponym, `#m` member
holonym, `%p` part meronym, `;c` domain, `\\` pertainym, `!` antonym, ...).
Prints to stderr, computed here with a plain search independent of dwell,
the synset count and how many synsets reach `02084071-n` (dog) backward over
`@` (its hyponym closure, the synset included).

    scripts/wordnet-pointers.py /usr/share/wordnet | xz -9 > wordnet-pointers.edges.xz
"""
import collections, os, sys

root = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/wordnet"
synsets, rows = set(), []
for pos in ("noun", "verb", "adj", "adv"):
    for line in open(os.path.join(root, "data." + pos), encoding="latin-1"):
        if line.startswith("  "):
            continue  # licence header
        f = line.split(" ")
        off, ss = f[0], f[2].replace("s", "a")
        src = f"{off}-{ss}"
        synsets.add(src)
        w = int(f[3], 16)
        i = 4 + 2 * w
        for k in range(int(f[i])):
            sym, dst, dpos = f[i + 1 + 4 * k], f[i + 2 + 4 * k], f[i + 3 + 4 * k]
            rows.append((src, f"{dst}-{dpos.replace('s', 'a')}", sym))
for r in rows:
    sys.stdout.write(" ".join(r) + "\n")
rev = collections.defaultdict(set)
for s, d, sym in rows:
    if sym == "@":
        rev[d].add(s)
seen, todo = {"02084071-n"}, ["02084071-n"]
while todo:
    for p in rev[todo.pop()]:
        if p not in seen:
            seen.add(p)
            todo.append(p)
syms = sorted({r[2] for r in rows})
print(f"synsets {len(synsets)}; pointers {len(rows)}; symbols {len(syms)}: {' '.join(syms)}; "
      f"synsets reaching 02084071-n backward over @: {len(seen)}", file=sys.stderr)
