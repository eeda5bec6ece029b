# The two commands of the README, plus a few conveniences. Every target installs what it
# needs first (scripts/install-deps.sh is quiet and quick when everything is present).
JOBS ?= $(shell nproc)
RELEASE := build/release
DEBUG_SIM := build/debug-sim
CTEST_ARGS ?=

.PHONY: run test quick tidy deps build debug-sim sim asan fuzz fuzz-actions fuzz-snapshots format clean

deps:
	@bash scripts/install-deps.sh

build: deps
	@cmake --preset release -DFRONTIER_OTHER_SIM=$(CURDIR)/$(DEBUG_SIM)/rules/sim/frontier-sim >/dev/null
	@cmake --build $(RELEASE) -j $(JOBS)

# A rules-only debug build of frontier-sim: the determinism test compares its hashes with release.
debug-sim: deps
	@cmake -S . -B $(DEBUG_SIM) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DFRONTIER_WERROR=ON \
	  -DFRONTIER_BUILD_SERVER=OFF -DFRONTIER_BUILD_TESTS=OFF -DFRONTIER_BUILD_BENCH=OFF >/dev/null
	@cmake --build $(DEBUG_SIM) -j $(JOBS) --target frontier-sim

run: build
	@if [ -x $(RELEASE)/server/frontierd ]; then \
	  mkdir -p var && exec $(RELEASE)/server/frontierd --listen 127.0.0.1:8080 --db var/frontier.db; \
	else \
	  exec $(RELEASE)/rules/sim/frontier-sim demo; \
	fi

test: debug-sim build
	@cd $(RELEASE) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# The edit-test loop: the tests that need no server, browser or long playout (about 10 s).
quick: build
	@cd $(RELEASE) && ctest --output-on-failure -j $(JOBS) -L quick $(CTEST_ARGS)

# clang-tidy with .clang-tidy over rules/, server/ and client-cli/ (files that passed and did not
# change since are skipped; a fresh build directory checks all, ~15 min on 2 cores).
tidy: build
	@python3 scripts/clang_tidy.py $(RELEASE) $(JOBS)

sim: build
	@$(RELEASE)/rules/sim/frontier-sim list

asan: deps
	@cmake --preset asan >/dev/null
	@cmake --build build/asan -j $(JOBS)
	@cd build/asan && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# Coverage-guided fuzzing (clang + libFuzzer + ASan), one target at a time: FUZZ_TARGET is
# server_envelope_fuzz (frames through the server's dispatch), rules_action_fuzz (actions through
# the engine's gate) or rules_snapshot_fuzz (each game's restore and rules from snapshot bytes).
# New inputs go to build/fuzz/corpus/<target>; the kept corpus tests/fuzz/corpus/<target> seeds it.
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?= server_envelope_fuzz
FUZZ_MAX_LEN_server_envelope_fuzz := 2048
FUZZ_MAX_LEN_rules_action_fuzz := 512
FUZZ_MAX_LEN_rules_snapshot_fuzz := 8192
fuzz: deps
	@cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
	  -DFRONTIER_FUZZ=ON -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address" -DFRONTIER_BUILD_BENCH=OFF >/dev/null
	@cmake --build build/fuzz -j $(JOBS) --target $(FUZZ_TARGET)
	@mkdir -p build/fuzz/corpus/$(FUZZ_TARGET) tests/fuzz/corpus/$(FUZZ_TARGET)
	@$$(find build/fuzz/tests -name $(FUZZ_TARGET) -type f -perm -u+x | head -1) -max_total_time=$(FUZZ_SECONDS) \
	  -max_len=$(FUZZ_MAX_LEN_$(FUZZ_TARGET)) build/fuzz/corpus/$(FUZZ_TARGET) tests/fuzz/corpus/$(FUZZ_TARGET)

fuzz-actions:
	@$(MAKE) fuzz FUZZ_TARGET=rules_action_fuzz
fuzz-snapshots:
	@$(MAKE) fuzz FUZZ_TARGET=rules_snapshot_fuzz

format:
	@git ls-files '*.cpp' '*.h' '*.proto' | xargs clang-format -i

clean:
	rm -rf build
