#!/usr/bin/env python3
"""Debian's package database as a named dependency list, and its expected answer.

Reads a dpkg status file (default /var/lib/dpkg/status) and writes
`package<TAB>dependency<TAB>relation` rows (relation: Depends, Pre-Depends,
Recommends, Suggests) for the installed packages: one row per alternative of
each dependency (`a | b` gives two rows), version constraints and
`:any`/`:native` qualifiers dropped. Then prints, computed here with a plain
breadth-first search independent of dwell, how many packages reach libc6
through Depends/Pre-Depends (the backward reachability
`dwell run reach deps.tsv --sources libc6 --direction backward --labels Depends,Pre-Depends`
counts, libc6 included).

    scripts/debian-deps.py [/var/lib/dpkg/status] > debian-deps.tsv
"""
import collections, re, sys

path = sys.argv[1] if len(sys.argv) > 1 else "/var/lib/dpkg/status"
rows, pkg, fields = [], None, {}


def flush():
    if pkg and "install ok installed" in fields.get("Status", ""):
        for rel in ("Pre-Depends", "Depends", "Recommends", "Suggests"):
            for dep in filter(None, (d.strip() for d in fields.get(rel, "").split(","))):
                for alt in dep.split("|"):
                    name = re.split(r"[\s(\[<]", alt.strip(), maxsplit=1)[0].split(":")[0]
                    if name:
                        rows.append((pkg, name, rel))


key = None
for line in open(path, encoding="utf-8"):
    line = line.rstrip("\n")
    if not line:
        flush()
        pkg, fields, key = None, {}, None
    elif line[0] in " \t" and key:
        fields[key] += " " + line.strip()
    else:
        key, _, val = line.partition(":")
        fields[key] = val.strip()
        if key == "Package":
            pkg = fields[key]
flush()

out = sys.stdout

for r in rows:
    out.write("\t".join(r) + "\n")

rev = collections.defaultdict(set)
for p, d, rel in rows:
    if rel in ("Depends", "Pre-Depends"):
        rev[d].add(p)
seen, todo = {"libc6"}, ["libc6"]
while todo:
    for p in rev[todo.pop()]:
        if p not in seen:
            seen.add(p)
            todo.append(p)
print(f"rows {len(rows)}; packages reaching libc6 via Depends/Pre-Depends: {len(seen)}", file=sys.stderr)
