/*
** fuzz_ugi.c — libFuzzer target: the UGI engine (lua/program/ugi.lua, given
** the private module as the program gives it) fed the input as lines
** (numbers in go commands cut to one digit), some reads during a search
** finding nothing ready, within a budget.  Time is the harness's virtual
** clock: a search of 9 ms takes 9 looks at the clock, not 9 ms, and ends
** at the same point on every run.  Crashes, sanitizer reports and
** broken promises are not fine: every output is one clean line, and a run
** that ends without quit has answered every go with one bestmove, every
** query with one response and every isready with one readyok.  The trace
** is the output.
*/
#include <stdint.h>

#include "fuzz_lua.h"

static const char *const driver =
    "local run = part_result -- ugi.lua's run(input, output), made once\n"
    "-- A session is the input's lines up to an allowance: each line costs "
    "about\n"
    "-- its time in the fuzzing build (COST by its first word, 1 for the "
    "rest),\n"
    "-- and the session ends where the next line would pass the allowance.  "
    "Its\n"
    "-- searches are of at most 9 ms, depth 9, ... (numbers in go and Depth "
    "lines\n"
    "-- cut to one digit).  So inputs are short and many.\n"
    "local ALLOWANCE = 6\n"
    "local COST = {go = 4, setoption = 3, isready = 3, ugi = 3, uginewgame = "
    "2, position = 2}\n"
    "return function(input)\n"
    "  local function promise(ok, what) if not ok then broken(what) end end\n"
    "  local lines, spent = {}, 0\n"
    "  for line in input:gmatch('([^\\n]*)\\n?') do\n"
    "    line = line:gsub('\\r$', '')\n"
    "    local word = line:match('^%s*(%S*)')\n"
    "    if word == 'go' or line:lower():match('^%s*setoption.*depth') then\n"
    "      line = line:gsub('%d%d+', '9')\n"
    "    end\n"
    "    spent = spent + (COST[word] or 1)\n"
    "    if spent > ALLOWANCE then break end\n"
    "    lines[#lines + 1] = line\n"
    "  end\n"
    "  local next_line, polls = 0, 0\n"
    "  local function read(wait)\n"
    "    if not wait then\n"
    "      polls = polls + 1\n"
    "      if polls % 3 ~= 0 then return false end\n"
    "    end\n"
    "    next_line = next_line + 1\n"
    "    return lines[next_line]\n"
    "  end\n"
    "  local out, unclean = {}, nil\n"
    "  local function write(text)\n"
    "    if type(text) ~= 'string' or text:find('%c') then unclean = text "
    "end\n"
    "    out[#out + 1] = text\n"
    "    return true\n"
    "  end\n"
    "  local ok, err = mt.limit({time = 0.2, memory = 1 << 28}, run, read, "
    "write)\n"
    "  promise(unclean == nil, 'an unclean line: ' .. tostring(unclean))\n"
    "  out[#out + 1] = ok and 'ended' or 'stopped: ' .. tostring(err)\n"
    "  local trace = table.concat(out, '\\n')\n"
    "  if not ok then return trace end\n"
    "  local asked = {go = 0, query = 0, isready = 0, quit = 0}\n"
    "  for _, line in ipairs(lines) do\n"
    "    local word = line:match('^%s*(%S+)')\n"
    "    if asked[word] then asked[word] = asked[word] + 1 end\n"
    "  end\n"
    "  if asked.quit > 0 then return trace end\n"
    "  local said = {bestmove = 0, response = 0, readyok = 0}\n"
    "  for _, line in ipairs(out) do\n"
    "    local word = line:match('^(%S+)')\n"
    "    if said[word] then said[word] = said[word] + 1 end\n"
    "    if word == 'bestmove' then\n"
    "      promise(line:match('^bestmove [%w%-]+$'), line)\n"
    "    end\n"
    "  end\n"
    "  promise(said.bestmove == asked.go, 'one bestmove a go')\n"
    "  promise(said.response == asked.query, 'one response a query')\n"
    "  promise(said.readyok == asked.isready, 'one readyok an isready')\n"
    "  return trace\n"
    "end\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_one(driver, "ugi.lua", data, size);
  return 0;
}
