-- lua_mutants.lua — a mutation pass over lua/ and lines of core/ that
-- survived earlier passes: one-line changes a user would notice, each
-- built in its own build tree and run through ctest; a mutant the suite
-- does not fail on "survives".  Not part of ctest (it
-- takes a while): run it from the repository's root with the program:
--
--   build/mutorere tests/mutation/lua_mutants.lua [build-mutants]
--
-- It prints each mutant's fate, the tests that failed, and the score;
-- every file is put back.  With --check it only checks that each text to
-- change is found once; with --only N (after the build tree) it tries
-- mutant N alone; with --quick, a mutant that names the tests that kill it
-- runs those first, and the whole suite only when they pass.

local check_only = arg[1] == "--check"
local build = not check_only and arg[1] or "build-mutants"
local only, quick = nil, false
for i = 2, #arg do
  if arg[i] == "--only" then only = tonumber(arg[i + 1]) end
  if arg[i] == "--quick" then quick = true end
end

-- {file, the text to change (found once), what it becomes, what a user
-- would notice [, the tests that kill it: a ctest -R expression]}
local MUTANTS = {
  {"lua/bridge/lwatchdog.c", "if (b->stop_at < 0 || at < b->stop_at)", "if (1)",
   "an inner mt.limit raises the outer instruction budget"},
  {"lua/bridge/lwatchdog.c", "if (!limit || cap < limit) memory_set_limit(cap);", "memory_set_limit(cap);",
   "an inner mt.limit raises the outer memory cap"},
  {"lua/bridge/lwatchdog.c", "  w->budget = saved; /* the outer budget again, less what was spent */", "",
   "the outer budget is not restored after an inner one"},
  {"lua/bridge/lwatchdog.c", "  if (memory_charge(counted, nsize)) return NULL;", "  memory_charge(counted, nsize);",
   "Lua's memory is not capped"},
  {"lua/bridge/lwatchdog.c", "  return tripped(w) != NULL;\n}\n\nCancel", "  return 0;\n}\n\nCancel",
   "the core's computations ignore the budgets"},
  {"lua/bridge/lwatchdog.c", "!(x >= 0 && x <= max)", "!(x >= 0)", "a budget of 1e300 is accepted"},
  {"lua/bridge/lsafelib.c", "    lwatchdog_poll(m->L, m->steps);", "", "the pattern matcher ignores the budgets"},
  {"lua/bridge/lsafelib.c", "if (n <= 0 || l + lsep == 0) {", "if (n <= 0) {", "(''):rep(1e15) runs for ages"},
  {"lua/bridge/lsafelib.c", "for (ptrdiff_t k = most; k >= 0; k--)", "for (ptrdiff_t k = 0; k <= most; k++)",
   "x* matches as few as it can"},
  {"lua/bridge/lsafelib.c", "return isupper(k) ? !yes : yes;", "return yes;", "%S matches what %s does"},
  {"lua/bridge/lsafelib.c", "if (!so->has_function) return lua_compare(L, a, b, LUA_OPLT);",
   "if (!so->has_function) return lua_compare(L, b, a, LUA_OPLT);", "table.sort sorts backwards"},
  {"lua/bridge/lsafelib.c", "      loop_poll(L, i + 1);\n", "", "table.move ignores the budgets"},
  {"lua/module/sandbox.lua", "env.mt = readonly(shared.module, setmetatable({}, {__mode = \"k\"}))",
   "env.mt = shared.module", "a sandbox can write mt"},
  {"lua/module/sandbox.lua", "debug.setupvalue(bound, i, env)", "debug.upvaluejoin(bound, i, f, i)",
   "a sandboxed function runs with the caller's globals"},
  {"lua/module/sandbox.lua", "if views[t] then error(\"this table is read-only here\", 2) end", "",
   "rawset writes into mt's view"},
  {"lua/module/sandbox.lua", "  methods.dump = false\n", "", "(\"\").dump reaches string.dump"},
  {"lua/bridge/lrecord.c", "if (name && !plain_name(name))", "if (0)", "a record's Variant tag runs a file"},
  {"lua/bridge/lrecord.c", "if (strlen(value) != k || strchr(value, '\\n'))", "if (strlen(value) != k)",
   "a tag value of two lines is saved"},
  {"lua/bridge/lrecord.c", "      if (game_tag(lua_tostring(L, -2))) {", "      if (0) {",
   "tags can contradict the game (Result)"},
  {"lua/bridge/lrecord.c", "    start = named->start;", "    start = v->start;",
   "a variant's own start is not recorded"},
  {"lua/bridge/lvariant.c", "cycle = lua_rawequal(L, -1, idx);", "cycle = 0;", "a cycle of bases is not named"},
  {"lua/bridge/lvariant.c", "return lua_toboolean(L, -1) ? RULES_ALWAYS : 0;",
   "return lua_toboolean(L, -1) ? 0 : RULES_ALWAYS;",
   "flank = true and false swapped"},
  {"lua/bridge/lvariant.c", "if (!ok || lua_type(L, -1) != LUA_TNUMBER || x < lo || x > hi)", "if (!ok || x < lo || x > hi)",
   "arms = \"8\" is accepted"},
  {"lua/bridge/lsearch.c", "  if (cancel_now(&watchdog)) return 1;\n  if (!cb->function", "  if (!cb->function",
   "mt.search and mt.mcts ignore the budgets"},
  {"lua/bridge/lsearch.c", "                                      \"table\", \"stop\",  NULL};\n  lbridge_check_options(L, 2, names);",
   "                                      \"table\", \"stop\",  NULL};\n  (void)names;",
   "mt.search accepts unknown options"},
  {"lua/bridge/lposition.c", "  k %= n; /* no overflow below, whatever k is */\n", "", "rotate = math.maxinteger overflows"},
  {"lua/bridge/lmutorere.c", "      push_copy(L, -1);\n      lua_setfield(L, env, libraries[i]);",
   "      lua_pushvalue(L, -1);\n      lua_setfield(L, env, libraries[i]);",
   "the module's Lua parts call the script's table.sort"},
  {"lua/bridge/lmutorere.c", "  if (lua_type(L, -1) == LUA_TTABLE) {\n    push_copy(L, -1);",
   "  if (0) {\n    push_copy(L, -1);", "replacing mt.Game.play changes the module's games"},
  {"lua/module/api.lua", "if own then error(own, 2) end", "if own then error(message, 0) end",
   "errors name the module's files"},
  {"lua/module/extras.lua", "or depth < 1 or depth > 200 then", "or depth < 1 then", "mt.divide(g, 201) never returns"},
  {"lua/module/players.lua", "if a.rank ~= b.rank then return a.rank > b.rank end",
   "if a.rank ~= b.rank then return a.rank < b.rank end", "the perfect player plays its worst move"},
  {"lua/module/puzzles.lua", "if i % 2 == 1 and (value ~= \"loss\" or d ~= want) then",
   "if i % 2 == 1 and (value ~= \"loss\") then", "a puzzle's slower main line is accepted"},
  {"lua/program/main.c", "  if (!failed && !ferror(stdout)) return 1;", "  return 1;", "a full disk exits 0"},
  {"lua/bridge/lbridge.c", "  qsort(names, k, sizeof *names, compare_names);\n", "", "mt.variants() is not sorted"},
  {"lua/program/repl.lua", "  return debug and debug.getmetatable(v) or nil", "  return getmetatable(v)",
   "completion reads a script's __metatable"},
  {"lua/bridge/lhook.c", "  if (h->depth++ > 0) {", "  if (h->depth++ > 0 && 0) {",
   "a hook that asks its own variant finds its position overwritten"},
  {"lua/module/metrics.lua", "    if sc > 0 then return -sc + 1 end", "    if sc > 0 then return -sc - 1 end",
   "Game:lookahead gives losses too short a distance"},
  {"core/symsolver.c", "    return r->misere ? VALUE_WIN : VALUE_LOSS;", "    return VALUE_LOSS;",
   "misere: a side blocked in the searched opening loses"},
  {"core/symsolver.c", "  if (k == 0) *end = code_end(sv, sv->r->misere ? 1 : -1);",
   "  if (k == 0) *end = code_end(sv, -1);", "a hooked misere variant: a blocked side loses"},
  {"core/solve.c", "(!rules_hooked(r) || claim) && rules_memory(r) == 0 &&",
   "(!rules_hooked(r) || claim) &&", "a history variant claimed symmetric forgets its history"},
  -- the files read and written
  {"core/safefile.c", "  if (!S_ISREG(st.st_mode)) return refuse_kind(st.st_mode, err);\n  *p", "  *p",
   "g:save replaces a FIFO, a folder or a link"},
  {"core/safefile.c", "  if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {", "  if (0) {",
   "mt.load opens a FIFO"},
  {"core/safefile.c", "(p.kept && fchmod(fd, p.mode) != 0) || ", "", "g:save loses a file's permissions"},
  {"core/solfile.c", "if (t->reading && t->first_flaw == NO_FLAW) {", "if (0) {",
   "a crafted table reaches every consumer"},
  {"core/solfile.c", "  else if (strcmp(h->coding, coding) != 0)", "  else if (0)",
   "a swapped coding swaps every win and loss"},
  {"lua/bridge/lsolver.c", "    lua_dump(L, digest_writer, &h, 1);\n", "", "a table loads for other hooks of the same name"},
  {"lua/bridge/lfiles.c", "  if (strlen(path) != k) luaL_argerror", "  if (0) luaL_argerror",
   "g:save cuts a path at a zero byte"},
  -- the survivors of issue 23's pass, and its two kills that hung on one
  -- distant test each (graph_max_moves, a match's points)
  {"core/graph.c", " || strcmp(a->name[i], b->name[i]) != 0)", ")",
   "boards that differ only in their points' names are one variant", "lua.graph"},
  {"core/accuracy.c", "*se = t->states == population ? 0 : -1;", "*se = 0;",
   "a sample of one shows ± 0.00%", "lua.accuracy"},
  {"core/safefile.c", "  if (!failed) failed = check_target(w->path, &p, err) != 0;\n", "",
   "a link planted at the target during a save is replaced", "core.solfile"},
  {"core/solfile.c", "  return header_text(h, 1, canonical) == raw->length &&\n" ..
   "         memcmp(canonical, raw->text, (size_t)raw->length) == 0;",
   "  return header_text(h, 1, canonical) == raw->length;", "a checksum in capitals is accepted", "core.solfile"},
  {"core/perft.c", "int next_flank = rules_flank_at(r, ply + 1);", "int next_flank = rules_flank_at(r, ply);",
   "flank = 3 on a board of points: perft(4) 6 instead of 8", "lua.graph"},
  {"core/graph.c", "    if (out[i] > empty) out[i] = empty;\n", "",
   "a board is refused for moves its positions cannot have", "core.graph"},
  {"core/graph.c", "  return by_pieces < by_empty ? by_pieces : by_empty;", "  return by_pieces;",
   "a board is refused for moves its positions cannot have", "core.graph"},
  {"lua/bridge/lboard.c", "  if (g->centre >= 0) {", "  if (g->centre > 0) {",
   "a board's centre is nil when it is the first point", "lua.graph"},
  {"lua/module/stats.lua", "local var = c(i, i) - 2 * row[i] / n + total / (n * n)",
   "local var = c(i, i) - row[i] / n + total / (n * n)", "wrong rating intervals but the last player's", "lua.stats"},
  {"lua/module/standings.lua", "local colours = not (b.start and b.start.value == \"draw\")",
   "local colours = b.start and b.start.value ~= \"draw\"", "an unsolved start loses its breakdown by colour", "lua.stats"},
  {"lua/module/standings.lua", "s.wins + s.draws / 2, s.wins, s.losses, s.draws,",
   "s.wins + s.draws, s.wins, s.losses, s.draws,", "a match's text counts a draw as a point", "lua.stats"},
  {"lua/module/openings.lua", "if draw_at == 0 or before + 1 < draw_at then",
   "if draw_at == 0 or before < draw_at then", "openings follow lines drawn by repetition", "lua.openings"},
  {"lua/module/openings.lua", "if (bare == \"\" or is_tag) and moves then flush() end",
   "if bare == \"\" and moves then flush() end", "records without a blank line between them fail", "lua.openings"},
  {"lua/module/tune.lua", "  if e < run.err then", "  if e <= run.err then",
   "a weight the evaluation ignores drifts to about 1e8", "lua.accuracy"},
  {"lua/module/boards.lua", " or\n       (out_a[x2][x] or false) ~= (out_b[y2][y] or false) then", " then",
   "a one-way line taken for its reverse: false symmetries", "lua.graph"},
  {"lua/module/boards.lua", "    if (x == board.centre) ~= (y == board.centre) then return false end\n", "",
   "a relabelling moves the centre: false symmetries", "lua.graph"},
  {"lua/module/boards.lua", "for _, kind in ipairs({\"lines\", \"arrows\"}) do\n    for _, l in ipairs(board[kind])",
   "for _, kind in ipairs({\"lines\"}) do\n    for _, l in ipairs(board[kind])",
   "a board's symmetries are another's with other arrows", "lua.graph"},
  {"lua/page/play.js", "fill: cells[j] === \"b\" ? \"#fff\" : \"#111\",",
   "fill: cells[j] === \"b\" ? \"#111\" : \"#fff\",", "a distance written dark on a black piece", "lua.play_browser"},
  {"lua/page/play.js", "ring(j, c, !wheel && selected !== null && selected !== j);",
   "ring(j, c, !wheel && selected !== null && selected === j);", "the piece picked is dimmed, not the others", "lua.play_browser"},
  {"lua/module/puzzles.lua", "elseif i % 2 == 0 and (value ~= \"win\" or d ~= want) then",
   "elseif i % 2 == 0 and (value ~= \"win\") then", "a main line with a short defence checks", "lua.puzzles"},
  {"lua/bridge/lmutorere.c", "    lua_pushnil(L);\n    lua_setfield(L, -3, name);\n    lua_error(L);",
   "    lua_error(L);", "a part stopped by a budget as it loads stays half loaded", "lua.sandbox"},
  -- a fresh pass over this round's code (issue 23, item 13)
  {"lua/module/clocks.lua", "return c.moves and c.moves - t.moves % c.moves or nil",
   "return c.moves and c.moves - t.moves or nil", "movestogo wrong after the first period", "lua.gamefiles|lua.engines|lua.stats"},
  {"lua/module/clocks.lua", "if elapsed > t.left + c.margin then", "if elapsed > t.left then",
   "a clock's margin is not granted", "lua.gamefiles|lua.engines|lua.stats"},
  {"lua/module/clocks.lua", "  if c.moves and t.moves % c.moves == 0 then t.left = t.left + c.base end\n", "",
   "a new period brings no time", "lua.gamefiles|lua.engines|lua.stats"},
  {"lua/module/clocks.lua", "if c.increment > 0 then text = text", "if c.increment >= 0 then text = text",
   "a TimeControl of \"10+0\"", "lua.gamefiles|lua.engines|lua.stats"},
  {"lua/module/gamefiles.lua", "  for k in next, own do own[k] = nil end", "",
   "an opening's tags are written into the games played from it", "lua.gamefiles|lua.engines"},
  {"lua/module/gamefiles.lua", "    if #current == 0 and bare ~= \"\" then first = number end\n", "",
   "a bad record of a file of games is named at line 1", "lua.gamefiles|lua.engines"},
  {"lua/module/gamefiles.lua", "by[key] = by[key] or {game = g, tags = t}", "by[key] = {game = g, tags = t}",
   "resume takes the last copy of a game, not the first", "lua.gamefiles|lua.engines"},
  {"lua/module/engines.lua", "    if c.movestogo then words[#words + 1] = \"movestogo \" .. c.movestogo end\n", "",
   "an engine is not told the moves to go", "lua.engines|lua.gamefiles|repl.engines"},
  {"lua/module/engines.lua", "found.mate, found.score = n > 0 and 2 * n - 1 or 2 * n, nil",
   "found.mate, found.score = 2 * n, nil", "an engine's mate in 1 is read as 2 plies", "lua.engines|lua.gamefiles|repl.engines"},
  {"lua/module/engines.lua", "set_option(e, \"Seed\", e.seed % MAX_SEED + 1, true)",
   "set_option(e, \"Seed\", e.seed, true)", "an engine may get Seed 0 (a seed from its clock)", "lua.engines|lua.gamefiles|repl.engines"},
  {"lua/module/engines.lua", "local head = from == tostring(game:variant().start) and \"position startpos\"",
   "local head = false and \"position startpos\"", "an engine never gets startpos", "lua.engines|lua.gamefiles|repl.engines"},
  {"core/reach.c", "return code_of(winner == p->side ? VALUE_WIN : VALUE_LOSS, 0);",
   "return code_of(winner == p->side ? VALUE_LOSS : VALUE_WIN, 0);", "a result hook's winner read backwards", "core.reach|lua.reach|lua.solver|lua.metrics|lua.history"},
  {"core/reach.c", "    if (!lost && --r->count[q]) continue;", "    if (!lost) continue;",
   "the reachable solution never finds a loss", "core.reach|lua.reach|lua.solver|lua.metrics|lua.history"},
  {"core/reach.c", "      losing += g.value[g.child[e]] == VALUE_WIN;", "      losing += g.value[g.child[e]] == VALUE_LOSS;",
   "the census counts the wrong traps", "core.reach|lua.reach|lua.solver|lua.metrics|lua.history"},
  {"core/states.c", "        ha->moves[i].to != hb->moves[i].to)", "        0)",
   "two histories that differ in a move's end are one state", "core.reach|lua.reach|lua.history|lua.metrics"},
  {"core/states.c", "return ply < (uint32_t)x->opening ? ply : (uint32_t)x->opening;",
   "return ply <= (uint32_t)x->opening ? ply : (uint32_t)x->opening;", "the last opening ply kept apart", "core.reach|lua.reach|lua.history|lua.metrics"},
  {"core/symtable.c", "return (value == VALUE_LOSS) == t->even_wins;", "return (value == VALUE_LOSS) != t->even_wins;",
   "a 2-bit table's distances of the wrong parity", "core.symsolver|core.solfile|lua.solver|lua.metrics"},
  {"core/symtable.c", "int win = value == VALUE_WIN, ok = k == 0 || !win;", "int win = value == VALUE_WIN, ok = !win;",
   "a blocked side's distance searched wrong", "core.symsolver|core.solfile|lua.solver|lua.metrics"},
  {"core/symwave.c", "uint64_t low = p == n ? m.to_centre : m.to_centre & board_full(p);",
   "uint64_t low = m.to_centre;", "a periodic board's children counted twice: losses drawn", "core.symsolver|lua.solver"},
  {"core/symwave.c", "if (k == 0 || out[0] != index) arms[k] = 0, out[k++] = index;",
   "arms[k] = 0, out[k++] = index;", "a predecessor counted twice: false losses", "core.symsolver|lua.solver"},
  {"lua/bridge/lprocess.c", "lua_pushlstring(L, p->got, k && p->got[k - 1] == '\\r' ? k - 1 : k);",
   "lua_pushlstring(L, p->got, k);", "an engine's CRLF lines end in a carriage return", "lua.engines|repl.engines"},
  {"lua/bridge/lprocess.c", "  luaL_argcheck(L, !memchr(text, '\\n', n), 2, \"one line (no line break)\");\n", "",
   "a line sent to an engine may carry a second command", "lua.engines|repl.engines"},
  {"lua/bridge/lprocess.c", "    if (cancel_now(&cancel)) return lwatchdog_raise(L);\n    int ms = SLICE_MS;",
   "    int ms = SLICE_MS;", "waiting for an engine ignores Ctrl-C and budgets", "lua.engines|repl.engines"},
}

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

local function sh(command) return os.execute(command .. " > /dev/null 2>&1") end

-- Runs ctest (only the tests matching tests, when given) on the build;
-- returns true when every test passed, and the names of those that failed.
local function run_tests(tests)
  local log = os.tmpname()
  local passed = os.execute(string.format("ctest --test-dir %s -j2 --timeout 300 %s > %s 2>&1", build,
                                          tests and "-R '" .. tests .. "'" or "--stop-on-failure", log))
  local failed = {}
  for name in read(log):gmatch("\n%s*%d+ %- (%S+) %(") do failed[#failed + 1] = name end
  os.remove(log)
  return passed, failed
end

if check_only then
  for i, m in ipairs(MUTANTS) do
    local text = read(m[1])
    local at = text:find(m[2], 1, true)
    if not at or text:find(m[2], at + 1, true) then print("not found once: " .. i .. " " .. m[1]) end
  end
  print(#MUTANTS .. " mutants checked")
  return
end

assert(sh("cmake -S . -B " .. build), "cmake")
assert(sh("cmake --build " .. build .. " -j2"), "the unmutated build")
local killed, survived, broken = 0, {}, {}
for i, m in ipairs(MUTANTS) do
  if only and i ~= only then goto next_mutant end
  local file, from, to, what, tests = m[1], m[2], m[3], m[4], quick and m[5] or nil
  local original = read(file)
  local at = original:find(from, 1, true)
  if not at or original:find(from, at + 1, true) then
    broken[#broken + 1] = string.format("%d %s: the text is not found once", i, file)
  else
    write(file, original:sub(1, at - 1) .. to .. original:sub(at + #from))
    local start = os.time()
    local built = sh("cmake --build " .. build .. " -j2")
    local passed, failed = false, {}
    if built then passed, failed = run_tests(tests) end
    if built and tests and passed then passed, failed = run_tests(nil) end
    write(file, original)
    local fate = not built and "killed (does not build)" or passed and "SURVIVED" or
                 "killed by " .. table.concat(failed, " ")
    if passed then survived[#survived + 1] = string.format("%s: %s", file, what) else killed = killed + 1 end
    print(string.format("%2d %-16s %s: %s (%d s)", i, file, fate, what, os.time() - start))
    io.stdout:flush()
  end
  ::next_mutant::
end
sh("cmake --build " .. build .. " -j2")
print(string.format("\nkilled %d of %d", killed, killed + #survived))
for _, s in ipairs(survived) do print("survived: " .. s) end
for _, b in ipairs(broken) do print("not applied: " .. b) end
