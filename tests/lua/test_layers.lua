-- test_layers.lua — the house keeps its layers: every #include of the C
-- sources resolves to a folder the including folder may use, no circle of
-- files, lbridge (the helpers of every binding) uses no other binding,
-- only lmutorere.c opens the parts, the core and the MPI program never see
-- Lua, and the module's Lua parts never reach the program's.

local ROOT = HERE .. "/../.."

-- The folders of C sources, lowest first, and the folders each may
-- include from (besides itself and system or Lua headers).
local LAYERS = {
  {folder = "core", uses = {}},
  {folder = "lua/bridge", uses = {"core"}},
  {folder = "lua/program", uses = {"core", "lua/bridge"}},
  {folder = "lua/tools", uses = {}},
  {folder = "core/capi", uses = {"core"}},
  {folder = "lua/capi", uses = {"core", "lua/bridge", "core/capi"}},
  {folder = "core/mpi", uses = {"core"}},
}

-- The floors inside a folder, lowest first (core/README.md and
-- lua/bridge/README.md say what each holds): a file includes only files on
-- its floor or below.  Every file of the folder is on one floor.
local FLOORS = {
  core = {
    {"memory", "cancel", "progress", "board", "graph", "movetext", "judgement", "rank", "pool",
     "safefile", "states", "hot"},
    {"memo", "fields", "rules"},
    {"game", "perft", "perft_dispatch", "search", "mcts", "solver", "symrank", "symwave",
     "symtable", "tiers", "tiermoves", "tiermirror", "tierschedule"},
    {"record", "metrics", "symsolver", "reach", "tiersolver", "tiersolver_dispatch", "tiercensus"},
    {"accuracy", "solve", "solfile", "symcensus", "pagegraph"},
  },
  ["core/capi"] = {
    {"mutorere", "capi", "cerror", "ccall", "cpath"},
    {"cvariant", "cgame", "csolve", "csearch", "cplay"},
  },
  ["core/mpi"] = {
    {"exchange"},
    {"waves"},
    {"checkpoint"},
    {"main"},
  },
  ["lua/bridge"] = {
    {"lbridge", "lopen"},
    {"lwatchdog", "lcoroutines", "lsafelib", "lfiles", "lmove", "lboard"},
    {"lposition", "lvariant", "lhook", "lgame"},
    {"lperft", "lsearch", "lsolver", "lrecord", "lmetrics", "laccuracy", "lworkers", "lguard",
     "lprocess"},
    {"lmutorere"},
  },
}

-- The C library's public header: it includes no header of the project or
-- of Lua (a program that embeds the engine sees neither).
local PUBLIC_HEADER = "core/capi/mutorere.h"

-- The headers of Lua itself.
local LUA_HEADERS = {["lua.h"] = true, ["lauxlib.h"] = true, ["lualib.h"] = true,
  ["luaconf.h"] = true}

-- The files of folder (names ending in .c or .h), sorted.
local function sources(folder)
  local names = {}
  local pipe = assert(io.popen("ls '" .. ROOT .. "/" .. folder .. "'"))
  for name in pipe:lines() do
    if name:match("%.[ch]$") then names[#names + 1] = name end
  end
  pipe:close()
  table.sort(names)
  return names
end

-- The text of a file.
local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

-- The tree as the checks read it: {["folder/name.c"] = {quoted = {"x.h"},
-- system = {"lua.h"}, text = ...}}, and the folder of each file.
local function read_tree()
  local tree = {}
  for _, layer in ipairs(LAYERS) do
    for _, name in ipairs(sources(layer.folder)) do
      local path = layer.folder .. "/" .. name
      local text = slurp(ROOT .. "/" .. path)
      local file = {quoted = {}, system = {}, text = text}
      for kind, header in text:gmatch("\n%s*#%s*include%s*([\"<])([^\">]+)[\">]") do
        local list = kind == '"' and file.quoted or file.system
        list[#list + 1] = header
      end
      tree[path] = file
    end
  end
  return tree
end

-- The folder of a path ("lua/bridge/lgame.c" -> "lua/bridge").
local function folder_of(path) return path:match("^(.*)/[^/]+$") end

-- A file's node in the graph of files: its folder and name without the
-- extension (lgame.c and lgame.h are one node, "lua/bridge/lgame").
local function node_of(path) return path:gsub("%.[ch]$", "") end

-- Checks the tree; returns the list of what is wrong, each a sentence.
local function check_tree(tree, layers, floors)
  floors = floors or {}
  local problems = {}
  local function problem(...) problems[#problems + 1] = string.format(...) end
  local allowed = {}
  for _, layer in ipairs(layers) do
    allowed[layer.folder] = {[layer.folder] = true}
    for _, f in ipairs(layer.uses) do allowed[layer.folder][f] = true end
  end
  -- resolve every quoted include: the including folder first, then the
  -- folders it may use (as the build's include paths find them)
  local edges = {}
  local paths = {}
  for path in pairs(tree) do paths[#paths + 1] = path end
  table.sort(paths)
  for _, path in ipairs(paths) do
    local file, folder = tree[path], folder_of(path)
    local from = node_of(path)
    edges[from] = edges[from] or {}
    for _, header in ipairs(file.quoted) do
      local found
      if tree[folder .. "/" .. header] then
        found = folder .. "/" .. header
      else
        for _, layer in ipairs(layers) do
          if tree[layer.folder .. "/" .. header] then found = layer.folder .. "/" .. header end
        end
      end
      if not found then
        problem("%s includes \"%s\", which is in no folder of C sources", path, header)
      elseif not allowed[folder][folder_of(found)] then
        problem("%s includes %s: %s may not use %s", path, found, folder, folder_of(found))
      elseif node_of(found) ~= from then
        edges[from][node_of(found)] = path .. " includes " .. found
      end
    end
    if folder == "core" or folder == "core/capi" or folder == "core/mpi" then
      local who = {core = "the core", ["core/capi"] = "the C library's API", ["core/mpi"] = "the MPI program"}
      for _, header in ipairs(file.system) do
        if LUA_HEADERS[header] then
          problem("%s includes <%s>: %s never sees Lua", path, header, who[folder])
        end
      end
    end
    if path == PUBLIC_HEADER then
      for _, header in ipairs(file.quoted) do
        problem("%s includes \"%s\": the public header stands alone", path, header)
      end
      for _, header in ipairs(file.system) do
        if LUA_HEADERS[header] then problem("%s includes <%s>: the public header stands alone", path, header) end
      end
    end
  end
  -- the floors: every file on one, no include upwards
  local floor_of = {}
  for folder, list in pairs(floors) do
    for k, names in ipairs(list) do
      for _, name in ipairs(names) do floor_of[folder .. "/" .. name] = k end
    end
  end
  for _, path in ipairs(paths) do
    local node, folder = node_of(path), folder_of(path)
    if floors[folder] and not floor_of[node] then
      problem("%s is on no floor of %s (tests/lua/test_layers.lua lists them)", path, folder)
    end
  end
  for from, targets in pairs(edges) do
    for to, why in pairs(targets) do
      if floor_of[from] and floor_of[to] and folder_of(from) == folder_of(to)
          and floor_of[to] > floor_of[from] then
        problem("%s: floor %d reaches up to floor %d", why, floor_of[from], floor_of[to])
      end
    end
  end
  -- lbridge is the bottom of the bindings, as lauxlib is of Lua's libraries
  for target, why in pairs(edges["lua/bridge/lbridge"] or {}) do
    if target:match("^lua/bridge/") then
      problem("%s: lbridge uses nothing above it", why)
    end
  end
  -- every circle of files (Tarjan's strongly connected components)
  local index, low, on_stack, stack, count = {}, {}, {}, {}, 0
  local function connect(v)
    count = count + 1
    index[v], low[v] = count, count
    stack[#stack + 1] = v
    on_stack[v] = true
    local targets = {}
    for w in pairs(edges[v] or {}) do targets[#targets + 1] = w end
    table.sort(targets)
    for _, w in ipairs(targets) do
      if not index[w] then
        connect(w)
        low[v] = math.min(low[v], low[w])
      elseif on_stack[w] then
        low[v] = math.min(low[v], index[w])
      end
    end
    if low[v] == index[v] then
      local circle = {}
      repeat
        local w = table.remove(stack)
        on_stack[w] = nil
        circle[#circle + 1] = w
      until w == v
      if #circle > 1 then
        table.sort(circle)
        local members = {}
        for _, m in ipairs(circle) do members[m] = true end
        local why = {}
        for _, m in ipairs(circle) do
          for w, because in pairs(edges[m] or {}) do
            if members[w] then why[#why + 1] = because end
          end
        end
        table.sort(why)
        problem("a circle of files: %s (%s)", table.concat(circle, ", "), table.concat(why, "; "))
      end
    end
  end
  local nodes = {}
  for v in pairs(edges) do nodes[#nodes + 1] = v end
  table.sort(nodes)
  for _, v in ipairs(nodes) do if not index[v] then connect(v) end end
  table.sort(problems)
  return problems
end

-- The names of the functions lopen.h declares.
local function opened(text)
  local names = {}
  for name in text:gmatch("\nvoid ([%w_]+)%(lua_State") do names[#names + 1] = name end
  return names
end

test("no circle of files, and every include within the layers", function()
  local problems = check_tree(read_tree(), LAYERS, FLOORS)
  eq(problems, {}, "what is wrong with the layers")
end)

test("only lmutorere.c opens the parts (as linit.c does)", function()
  local tree = read_tree()
  local names = opened(tree["lua/bridge/lopen.h"].text)
  check(#names >= 15, "lopen.h declares the parts' open functions")
  for path, file in pairs(tree) do
    for _, name in ipairs(names) do
      local calls = select(2, file.text:gsub("[^%w_]" .. name .. "%(L", ""))
      if path ~= "lua/bridge/lmutorere.c" and calls > 0 then
        check(false, path .. " calls " .. name)
      end
      if path == "lua/bridge/lmutorere.c" then check(calls == 1, "lmutorere.c opens " .. name) end
    end
  end
end)

test("the module's Lua parts and its bindings never load the program's parts", function()
  local program_parts = {}
  local pipe = assert(io.popen("ls '" .. ROOT .. "/lua/program'"))
  for name in pipe:lines() do
    if name:match("%.lua$") then program_parts[#program_parts + 1] = name end
  end
  pipe:close()
  check(#program_parts >= 3, "the program has Lua parts")
  local pipe2 = assert(io.popen("ls '" .. ROOT .. "/lua/module' '" .. ROOT .. "/lua/bridge'"))
  local folder
  for line in pipe2:lines() do
    folder = line:match("^.*/(lua/[%w]+):$") or folder
    if line:match("%.lua$") or line:match("%.c$") then
      local text = slurp(ROOT .. "/" .. folder .. "/" .. line)
      for _, part in ipairs(program_parts) do
        check(not text:find('"' .. part .. '"', 1, true), folder .. "/" .. line .. " names " .. part)
      end
    end
  end
  pipe2:close()
end)

test("at most a dozen files directly in lua/, a README in each of its folders", function()
  local pipe = assert(io.popen("ls -p '" .. ROOT .. "/lua'"))
  local files, folders = 0, {}
  for name in pipe:lines() do
    if name:sub(-1) == "/" then folders[#folders + 1] = name:sub(1, -2) else files = files + 1 end
  end
  pipe:close()
  check(files <= 12, files .. " files directly in lua/")
  check(#folders >= 4, "lua/ has its folders")
  for _, f in ipairs(folders) do
    check(io.open(ROOT .. "/lua/" .. f .. "/README.md") ~= nil, "lua/" .. f .. "/README.md")
  end
  check(io.open(ROOT .. "/lua/README.md") ~= nil, "lua/README.md")
end)

-- The checker itself, on trees made up to break each rule: a test that
-- could not fail would prove nothing.
local function made_up(files)
  local tree = {}
  for path, quoted in pairs(files) do
    local file = {quoted = {}, system = {}, text = ""}
    for _, h in ipairs(quoted) do
      if h:match("^<") then file.system[#file.system + 1] = h:sub(2, -2)
      else file.quoted[#file.quoted + 1] = h end
    end
    tree[path] = file
  end
  return tree
end

test("the checker finds circles, includes against the layers, and Lua in the core", function()
  local circle = check_tree(made_up{
    ["core/a.c"] = {"a.h", "b.h"}, ["core/a.h"] = {}, ["core/b.c"] = {"b.h"},
    ["core/b.h"] = {"c.h"}, ["core/c.h"] = {"a.h"}, ["core/d.c"] = {"a.h"},
  }, LAYERS)
  eq(#circle, 1, "one circle")
  check(circle[1] and circle[1]:find("a circle of files: core/a, core/b, core/c", 1, true),
        "named with its members: " .. tostring(circle[1]))
  local up = check_tree(made_up{["core/a.c"] = {"lgame.h"}, ["lua/bridge/lgame.h"] = {}}, LAYERS)
  eq(up, {"core/a.c includes lua/bridge/lgame.h: core may not use lua/bridge"}, "the core reaching up")
  local program = check_tree(made_up{["lua/bridge/lgame.c"] = {"repl.h"}, ["lua/program/repl.h"] = {}},
                             LAYERS)
  eq(program, {"lua/bridge/lgame.c includes lua/program/repl.h: lua/bridge may not use lua/program"},
     "a binding reaching the program")
  local lua = check_tree(made_up{["core/a.c"] = {"<lauxlib.h>"}}, LAYERS)
  eq(lua, {"core/a.c includes <lauxlib.h>: the core never sees Lua"}, "Lua in the core")
  eq(check_tree(made_up{["core/capi/a.c"] = {"<lua.h>"}}, LAYERS),
     {"core/capi/a.c includes <lua.h>: the C library's API never sees Lua"}, "Lua in the C API")
  eq(check_tree(made_up{["core/capi/mutorere.h"] = {"board.h", "<lua.h>"}, ["core/board.h"] = {}}, LAYERS),
     {"core/capi/mutorere.h includes \"board.h\": the public header stands alone",
      "core/capi/mutorere.h includes <lua.h>: the C library's API never sees Lua",
      "core/capi/mutorere.h includes <lua.h>: the public header stands alone"}, "the public header leaning")
  eq(check_tree(made_up{["core/capi/a.c"] = {"lgame.h"}, ["lua/bridge/lgame.h"] = {}}, LAYERS),
     {"core/capi/a.c includes lua/bridge/lgame.h: core/capi may not use lua/bridge"}, "the C API reaching the bindings")
  local bridge = check_tree(made_up{["lua/bridge/lbridge.c"] = {"lbridge.h", "lfiles.h"},
                                    ["lua/bridge/lbridge.h"] = {}, ["lua/bridge/lfiles.h"] = {}}, LAYERS)
  eq(bridge, {"lua/bridge/lbridge.c includes lua/bridge/lfiles.h: lbridge uses nothing above it"},
     "lbridge using another binding")
  local missing = check_tree(made_up{["core/a.c"] = {"nowhere.h"}}, LAYERS)
  eq(missing, {"core/a.c includes \"nowhere.h\", which is in no folder of C sources"}, "an unknown header")
  eq(check_tree(made_up{["core/a.c"] = {"a.h", "b.h"}, ["core/a.h"] = {"b.h"}, ["core/b.h"] = {}}, LAYERS),
     {}, "a tree without a circle passes")
  local floors = {core = {{"a"}, {"b"}}}
  eq(check_tree(made_up{["core/a.c"] = {"b.h"}, ["core/b.h"] = {}}, LAYERS, floors),
     {"core/a.c includes core/b.h: floor 1 reaches up to floor 2"}, "a file reaching up a floor")
  eq(check_tree(made_up{["core/b.c"] = {"a.h"}, ["core/a.h"] = {}, ["core/c.c"] = {}}, LAYERS, floors),
     {"core/c.c is on no floor of core (tests/lua/test_layers.lua lists them)"}, "a file on no floor")
end)
