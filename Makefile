# The two commands of the README, plus a few conveniences. Every target installs what it
# needs first (scripts/install-deps.sh is quiet and quick when everything is present).
JOBS ?= $(shell nproc)
RELEASE := build/release
DEBUG_SIM := build/debug-sim
CTEST_ARGS ?=

.PHONY: run test quick tidy deps build debug-sim sim asan fuzz format clean

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

# Coverage-guided fuzzing of the server's envelope decoding and dispatch (clang + libFuzzer).
FUZZ_SECONDS ?= 60
fuzz: deps
	@cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
	  -DFRONTIER_FUZZ=ON -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address" -DFRONTIER_BUILD_BENCH=OFF >/dev/null
	@cmake --build build/fuzz -j $(JOBS) --target server_envelope_fuzz
	@mkdir -p build/fuzz/corpus
	@build/fuzz/tests/server/server_envelope_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=2048 build/fuzz/corpus

format:
	@git ls-files '*.cpp' '*.h' '*.proto' | xargs clang-format -i

clean:
	rm -rf build
