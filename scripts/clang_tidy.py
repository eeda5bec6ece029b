#!/usr/bin/env python3
"""clang-tidy over Frontier's own C++ (rules/, server/, client-cli/) with the checks of .clang-tidy.

    scripts/clang_tidy.py BUILD_DIR [JOBS]

Every translation unit of BUILD_DIR/compile_commands.json under those folders is checked; any
finding fails the run (WarningsAsErrors) and is printed. A unit that passed is remembered in
BUILD_DIR/clang-tidy-passed.txt by a hash of its text, of every project header it includes (from
the compiler's dependency file) and of .clang-tidy, so a fresh build directory (CI) checks every
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
CHECKED = re.compile(r"^" + re.escape(ROOT) + r"/(rules|server|client-cli)/")


def dependency_file(entry):
    args = entry.get("command", "").split() or entry.get("arguments", [])
    for i, a in enumerate(args[:-1]):
        if a == "-MF":
            return os.path.join(entry["directory"], args[i + 1])
    return None


def project_headers(depfile):
    """The project's own files a unit was compiled from, as the last build saw them."""
    if not depfile or not os.path.exists(depfile):
        return None
    with open(depfile) as f:
        text = f.read().replace("\\\n", " ")
    paths = text.split(":", 1)[1].split() if ":" in text else []
    build = os.path.dirname(depfile)
    out = []
    for p in paths:
        p = os.path.normpath(os.path.join(build, p)) if not os.path.isabs(p) else p
        if p.startswith(ROOT + "/") and "/build/" not in p[len(ROOT):]:
            out.append(p)
    return sorted(set(out))


def key_of(entry, config_hash):
    h = hashlib.sha256(config_hash)
    h.update(entry["file"].encode())
    deps = project_headers(dependency_file(entry))
    for p in [entry["file"]] + (deps or []):
        try:
            with open(p, "rb") as f:
                h.update(f.read())
        except OSError:
            return None  # a header moved since the last build: check it, remember nothing
    return h.hexdigest() if deps is not None else None


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
    todo = [(e, key_of(e, config_hash)) for e in entries]
    todo = [(e, k) for e, k in todo if k is None or k not in passed]
    print(f"clang-tidy: {len(entries)} files, {len(entries) - len(todo)} unchanged since they passed, "
          f"{len(todo)} to check", flush=True)
    failed = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for (entry, key), (ok, findings) in zip(todo, pool.map(lambda t: tidy(t[0], build_dir), todo)):
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
