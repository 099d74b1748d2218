-- luacheck configuration: Lua 5.4; the program's globals where scripts
-- and tests may use them.  `luacheck .` from the root checks the whole
-- tree with it and wants no warning (.ci/run and the test luacheck).
std = "lua54"
max_line_length = 120

-- Not the project's sources: build folders (their scripts/ are copies),
-- the REPL session valgrind replays (REPL input, not a chunk: it has
-- expressions and commands), and the weights the README's tune command
-- writes where it is run.
exclude_files = {"build*/**", ".cache/**", "tests/valgrind/session.lua", "weights.lua"}

-- The mutants quote lines of the sources whole.
files["tests/mutation/"] = {max_line_length = false}

-- Scripts run by the program see the module as the global mt.
files["scripts/"] = {read_globals = {"mt"}}

-- bench.c runs the bench files with the module as the global mt.
files["bench/"] = {read_globals = {"mt"}}

-- The test harness (tests/lua/run.lua) defines these for the test files.
files["tests/lua/"] = {
  globals = {"test", "check", "eq", "raises", "HERE", "PROGRAM", "test_apart", "RUN_ID", "at_end", "skipped"},
  read_globals = {"mt"},
}
