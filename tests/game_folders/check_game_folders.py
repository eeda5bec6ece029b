#!/usr/bin/env python3
"""A shipped game is one folder (docs/architecture.md, "How to add a game"): this check fails when a
game folder lacks one of its parts, or when a hand-kept list of games appears again in the shared
code. Usage: check_game_folders.py SOURCE_DIR   |   check_game_folders.py --self-test

A game at parity is four places and nothing else:
  rules/<folder>/                     its rules, protos (proto/), data (data/), tests (tests/),
                                      scenario scripts (scenarios/) and benchmark (bench/)
  web/src/boards/<game>/              its browser board, with its own CSS beside it
  client-cli/render/boards/<game>.cpp its terminal board
  docs/games/<game>.md                its page
where <game> is the id its scenario scripts name (setup { game: "lion" }).
"""
import os
import re
import sys
import tempfile

# Game folders still being moved into this shape (issue 46): their parts are still spread over
# proto/, rules/data/, tests/<folder>/ and bench/. Each leaves this list when it moves; the check
# fails if a folder listed here has already moved, so the list only shrinks.
NOT_YET_MOVED = {"hand_of_destiny", "crossroads"}

# The shared code that must never list the games: the build, the generators, the shared parts of
# both clients' boards and the benchmarks' shared code. A list of every game would name each
# moved game, so a moved game's id found here in code form is a hand-kept list come back.
SHARED = [
    ("", ("CMakeLists.txt",)),
    ("cmake", None),
    ("proto", ("CMakeLists.txt",)),
    ("rules", ("CMakeLists.txt", "games.h")),
    ("rules/core", None),
    ("rules/sim", None),
    ("rules/ai", None),
    ("tests", ("CMakeLists.txt",)),
    ("tests/sim", None),
    ("bench", ("CMakeLists.txt",)),
    ("bench/ai", None),
    ("client-cli/render", None),
    ("web", ("CMakeLists.txt",)),
    ("web/scripts", None),
    ("web/src/app", None),
    ("web/src/boards", None),
]
CODE_SUFFIXES = (".txt", ".cmake", ".in", ".cpp", ".h", ".mjs", ".sh", ".ts", ".tsx", ".css", ".py")


def game_ids(folder):
    """The ids a game folder's scenario scripts name."""
    ids = set()
    scenarios = os.path.join(folder, "scenarios")
    if os.path.isdir(scenarios):
        for name in sorted(os.listdir(scenarios)):
            if name.endswith(".txtpb"):
                with open(os.path.join(scenarios, name), encoding="utf-8") as f:
                    ids.update(re.findall(r'setup\s*\{[^}]*\bgame:\s*"([a-z0-9_]+)"', f.read()))
    return ids


def has(path, pattern=None):
    if pattern is None:
        return os.path.exists(path)
    return os.path.isdir(path) and any(re.fullmatch(pattern, n) for n in os.listdir(path))


def folder_problems(root, folder_name):
    folder = os.path.join(root, "rules", folder_name)
    problems = []
    parts = [
        ("CMakeLists.txt", has(os.path.join(folder, "CMakeLists.txt"))),
        ("proto/*.proto (its view and action kinds)", has(os.path.join(folder, "proto"), r".*\.proto")),
        ("tests/CMakeLists.txt", has(os.path.join(folder, "tests", "CMakeLists.txt"))),
        ("scenarios/*.txtpb", has(os.path.join(folder, "scenarios"), r".*\.txtpb")),
        ("bench/CMakeLists.txt", has(os.path.join(folder, "bench", "CMakeLists.txt"))),
    ]
    problems += [f"rules/{folder_name}/ has no {part}" for part, ok in parts if not ok]
    ids = game_ids(folder)
    if not ids:
        problems.append(f"rules/{folder_name}/scenarios/ names no game (setup {{ game: ... }})")
    for game in sorted(ids):
        board = os.path.join(root, "web", "src", "boards", game)
        outside = [
            (f"web/src/boards/{game}/index.ts(x)", has(board, r"index\.tsx?")),
            (f"web/src/boards/{game}/*.css (its board's CSS beside it)", has(board, r".*\.css")),
            (f"client-cli/render/boards/{game}.cpp", has(os.path.join(root, "client-cli", "render", "boards", f"{game}.cpp"))),
            (f"docs/games/{game}.md", has(os.path.join(root, "docs", "games", f"{game}.md"))),
        ]
        problems += [f"game {game} (rules/{folder_name}) has no {part}" for part, ok in outside if not ok]
    return problems, ids


def listed_problems(root, ids):
    """Every place in the shared code that names one of `ids` as code does."""
    problems = []
    for game in sorted(ids):
        g = re.escape(game)
        # "lion" 'lion' lion/ lion_board lion: .lion- board-lion lion.proto — not prose ("the Lion").
        pattern = re.compile(
            rf"[\"'`/]{g}[\"'`/.]|\b{g}_\w|(?<![\w.]){g}\s*:|[.-]{g}-|board-{g}\b|\b{g}\.(proto|txtpb|cpp|css|txt)\b")
        for sub, only in SHARED:
            directory = os.path.join(root, sub)
            if not os.path.isdir(directory):
                continue
            for name in sorted(os.listdir(directory)):
                path = os.path.join(directory, name)
                if not os.path.isfile(path) or (only and name not in only) or not name.endswith(CODE_SUFFIXES):
                    continue
                if ".test." in name or name.endswith("_test.cpp"):
                    continue  # tests may play a real game by its id
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                # Comments may name a game as an example; only code is a list.
                text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
                for number, line in enumerate(text.split("\n"), 1):
                    code = re.sub(r"(^|\s)//.*$", "", line)
                    if re.match(r"\s*(#|\{/\*)", code) and not name.endswith((".cpp", ".h")):
                        continue
                    # A build or shell list names games as bare words: foreach(dir lion ...).
                    bare = name.endswith((".txt", ".cmake", ".sh")) and re.search(rf"\b{g}\b", code)
                    if pattern.search(code) or bare:
                            rel = os.path.relpath(path, root)
                            problems.append(f"{rel}:{number} names the game {game}, a list of games kept by hand? "
                                            f"({line.strip()[:100]})")
    return problems


def check(root):
    problems = []
    rules = os.path.join(root, "rules")
    folders = sorted(n for n in os.listdir(rules) if os.path.isfile(os.path.join(rules, n, "register.h")))
    moved_ids = set()
    for name in folders:
        if name in NOT_YET_MOVED:
            if os.path.isdir(os.path.join(rules, name, "proto")):
                problems.append(f"rules/{name} has moved into its folder: take it out of NOT_YET_MOVED")
            continue
        found, ids = folder_problems(root, name)
        problems += found
        moved_ids |= ids
    problems += listed_problems(root, moved_ids)
    return problems


def self_test():
    """The check fails on a folder missing its parts and on a list naming a game: it can fail."""
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text=""):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        write("rules/duel/register.h")
        write("rules/duel/CMakeLists.txt")
        write("rules/duel/scenarios/a.txtpb", 'setup { game: "duel" seed: 1 }\n')
        write("web/scripts/gen.mjs", 'const games = { duel: "duel.txt" };\n')
        write("tests/CMakeLists.txt", "# every folder, duel too\nforeach(dir core duel)\n")
        write("docs/games/duel.md")
        problems = check(root)
        expected = ["has no proto/", "has no tests/", "has no bench/", "web/src/boards/duel/index",
                    "client-cli/render/boards/duel.cpp", "web/scripts/gen.mjs:1 names the game duel",
                    "tests/CMakeLists.txt:2 names the game duel"]
        missing = [e for e in expected if not any(e in p for p in problems)]
        unexpected = [p for p in problems if "docs/games" in p or "CMakeLists.txt:1" in p]
        if missing or unexpected:
            print("self-test: expected problems not reported:", missing, "or reported wrongly:", unexpected)
            print("\n".join(problems))
            return 1
    print("self-test: a folder missing its parts and a list naming its game are both caught")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    problems = check(sys.argv[1])
    for p in problems:
        print(p)
    if problems:
        return 1
    print("every game folder has its parts, and no shared code lists the games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
