/*
** fuzz_ugi.c — libFuzzer target: the UGI engine (lua/ugi.lua) fed the
** input as lines (numbers in go commands cut to two digits, to keep runs
** short), some reads during a search finding nothing ready, within a
** budget.  Crashes, sanitizer reports and broken promises are not fine:
** every output is one clean line, and a run that ends without quit has
** answered every go with one bestmove, every query with one response and
** every isready with one readyok.
*/
#include <stdint.h>
#include <stdio.h>

#include "fuzz_lua.h"
#include "lbridge.h"

static const char *const driver =
    "local input = ...\n"
    "local function promise(ok, what) if not ok then broken = what end end\n"
    "local lines = {}\n"
    "for line in (input .. '\\n'):gmatch('([^\\n]*)\\n') do\n"
    "  line = line:gsub('\\r$', '')\n"
    "  if line:match('^%s*go%s') then -- searches of at most 99 ms, nodes...\n"
    "    line = line:gsub('%d%d%d+', '99')\n"
    "  end\n"
    "  lines[#lines + 1] = line\n"
    "end\n"
    "if input:sub(-1) == '\\n' or input == '' then lines[#lines] = nil end\n"
    "local next_line, polls = 0, 0\n"
    "local function read(wait)\n"
    "  if not wait then\n"
    "    polls = polls + 1\n"
    "    if polls % 3 ~= 0 then return false end\n"
    "  end\n"
    "  next_line = next_line + 1\n"
    "  return lines[next_line]\n"
    "end\n"
    "local out, unclean = {}, nil\n"
    "local function write(text)\n"
    "  if type(text) ~= 'string' or text:find('%c') then unclean = text end\n"
    "  out[#out + 1] = text\n"
    "  return true\n"
    "end\n"
    "local ok = mt.limit({time = 0.5, memory = 1 << 28}, ugi_run, read, write)\n"
    "promise(unclean == nil, 'an unclean line: ' .. tostring(unclean))\n"
    "if not ok then return end\n"
    "local asked = {go = 0, query = 0, isready = 0, quit = 0}\n"
    "for _, line in ipairs(lines) do\n"
    "  local word = line:match('^%s*(%S+)')\n"
    "  if asked[word] then asked[word] = asked[word] + 1 end\n"
    "end\n"
    "if asked.quit > 0 then return end\n"
    "local said = {bestmove = 0, response = 0, readyok = 0}\n"
    "for _, line in ipairs(out) do\n"
    "  local word = line:match('^(%S+)')\n"
    "  if said[word] then said[word] = said[word] + 1 end\n"
    "  if word == 'bestmove' then\n"
    "    promise(line:match('^bestmove [%w%-]+$'), line)\n"
    "  end\n"
    "end\n"
    "promise(said.bestmove == asked.go, 'one bestmove a go')\n"
    "promise(said.response == asked.query, 'one response a query')\n"
    "promise(said.readyok == asked.isready, 'one readyok an isready')\n";

/* Loads ugi.lua with the module as global ugi_run, once. */
static lua_State *ugi_state(void) {
  static int ready;
  lua_State *L = fuzz_state(driver);
  if (ready) return L;
  const EmbeddedFile *f = lbridge_embedded("ugi.lua");
  if (!f || luaL_loadbufferx(L, f->text, f->size, "@ugi.lua", "b") != LUA_OK)
    abort();
  lua_getglobal(L, "mt");
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) abort();
  lua_setglobal(L, "ugi_run");
  ready = 1;
  return L;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  lua_State *L = ugi_state();
  fuzz_drive(L, data, size);
  if (lua_getglobal(L, "broken") == LUA_TSTRING) {
    fprintf(stderr, "fuzz_ugi: a broken promise: %s\n", lua_tostring(L, -1));
    abort();
  }
  lua_pop(L, 1);
  return 0;
}
