#!/usr/bin/env python3
"""clang-tidy over Frontier's own C++ (rules/, server/, client-cli/) with the checks of .clang-tidy.

    scripts/clang_tidy.py BUILD_DIR [JOBS]

Every translation unit of BUILD_DIR/compile_commands.json under those folders is checked; any
finding fails the run (WarningsAsErrors) and is printed. A unit that passed is remembered in
BUILD_DIR/clang-tidy-passed.txt by a hash of its text, of every project header it includes (as
Ninja recorded them) and of .clang-tidy, so a fresh build directory (CI) checks every
file and a later run only what changed since.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# A game folder's own tests and benchmark (rules/<game>/tests, bench) are checked as tests/ and
# bench/ are: not at all.
CHECKED = re.compile(r"^" + re.escape(ROOT) + r"/(rules|server|client-cli)/(?![^/]+/(tests|bench)/)")


def object_of(entry):
    args = entry.get("command", "").split() or entry.get("arguments", [])
    for i, a in enumerate(args[:-1]):
        if a == "-o":
            return args[i + 1]
    return None


def project_dependencies(build_dir, entries):
    """Per object, the project's own files it was compiled from, as Ninja recorded them."""
    objects = [o for o in (object_of(e) for e in entries) if o]
    r = subprocess.run(["ninja", "-C", build_dir, "-t", "deps"] + objects, capture_output=True, text=True)
    deps, current = {}, None
    for line in r.stdout.splitlines():
        if line and not line[0].isspace():
            current = line.split(":", 1)[0]
            deps[current] = [] if "(VALID)" in line else None
        elif current and deps.get(current) is not None and line.strip():
            path = os.path.normpath(os.path.join(build_dir, line.strip()))
            if path.startswith(ROOT + "/") and not path.startswith(build_dir):
                deps[current].append(path)
    return deps


def key_of(entry, config_hash, deps):
    files = deps.get(object_of(entry))
    if files is None:
        return None  # never built, or its dependencies are stale: check it, remember nothing
    h = hashlib.sha256(config_hash)
    h.update(entry["file"].encode())
    for p in sorted(set([entry["file"]] + files)):
        try:
            with open(p, "rb") as f:
                h.update(f.read())
        except OSError:
            return None
    return h.hexdigest()


def tidy(entry, build_dir):
    r = subprocess.run(
        ["clang-tidy", "-p", build_dir, "--quiet", "--extra-arg=-Wno-unknown-warning-option", entry["file"]],
        capture_output=True, text=True)
    findings = [l for l in (r.stdout + r.stderr).splitlines() if "warnings generated" not in l and l.strip()]
    return r.returncode == 0 and not any(": error:" in l or ": warning:" in l for l in findings), findings


def main():
    build_dir = os.path.abspath(sys.argv[1])
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else os.cpu_count() or 1
    with open(os.path.join(build_dir, "compile_commands.json")) as f:
        entries = [e for e in json.load(f) if CHECKED.match(os.path.normpath(e["file"]))]
    with open(os.path.join(ROOT, ".clang-tidy"), "rb") as f:
        config_hash = f.read()
    memory = os.path.join(build_dir, "clang-tidy-passed.txt")
    passed = set(open(memory).read().split()) if os.path.exists(memory) else set()
    deps = project_dependencies(build_dir, entries)
    to_check = [(e, key_of(e, config_hash, deps)) for e in entries]
    to_check = [(e, k) for e, k in to_check if k is None or k not in passed]
    print(f"clang-tidy: {len(entries)} files, {len(entries) - len(to_check)} unchanged since they passed, "
          f"{len(to_check)} to check", flush=True)
    failed = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for (entry, key), (ok, findings) in zip(to_check, pool.map(lambda t: tidy(t[0], build_dir), to_check)):
            if ok:
                if key:
                    passed.add(key)
                continue
            failed += 1
            print(f"--- {os.path.relpath(entry['file'], ROOT)}")
            print("\n".join(findings), flush=True)
    with open(memory, "w") as f:
        f.write("\n".join(sorted(passed)))
    print(f"clang-tidy: {failed} file(s) with findings")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
