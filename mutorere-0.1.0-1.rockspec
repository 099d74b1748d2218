-- mutorere-0.1.0-1.rockspec — the Lua module as a rock, built from the
-- project's source archive, mutorere-0.1.0.tar.gz (made from the tree by
-- `cmake --build build --target dist`, which puts it in build/):
--   luarocks --lua-version 5.4 build mutorere-0.1.0-1.rockspec [--tree T]
-- with the archive in the current folder; `luarocks pack` of this file
-- makes mutorere-0.1.0-1.src.rock (this file and the archive), which
-- `luarocks build` takes anywhere.  From a checkout,
--   luarocks --lua-version 5.4 make [--local | --tree T]
-- builds the tree itself.  Either installs the module (lib/lua/5.4/
-- mutorere.so of the tree) and the shipped scripts, which it finds from
-- where it is (share/lua/5.4/mutorere/scripts of the tree).
rockspec_format = "3.0"
package = "mutorere"
version = "0.1.0-1"
source = {
  url = "file://mutorere-0.1.0.tar.gz",
  dir = "mutorere-0.1.0",
}
description = {
  summary = "Mū Tōrere, the Māori blocking game, and its variants: rules, games, search and solvers in C, scripted in Lua",
  detailed = [[
A fast C core knows the board, the rules of every variant the sources
describe, perft, alpha-beta, MCTS and perfect play by retrograde analysis;
the module lets Lua 5.4 code write variants (with hooks), players and
puzzles, play matches and draw boards.  require "mutorere".
]],
  labels = {"games", "board-games", "solver"},
  license = "MIT",
}
dependencies = {
  "lua >= 5.4, < 5.5",
}
build = {
  type = "cmake",
  variables = {
    CMAKE_BUILD_TYPE = "Release",
    CMAKE_INSTALL_PREFIX = "$(PREFIX)",
    LUA_INCLUDE_DIR = "$(LUA_INCDIR)",
    LUAROCKS_LIBDIR = "$(LIBDIR)",
    LUAROCKS_LUADIR = "$(LUADIR)",
    BUILD_TESTING = "OFF",
  },
  copy_directories = {"doc"},
}
