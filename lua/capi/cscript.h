/*
** cscript.h — what the C library's Lua half shares among its files: a Lua
** state opened as the library opens its variants', and the state and the
** Variant value of a variant made in Lua.
*/
#ifndef MUTORERE_CSCRIPT_H
#define MUTORERE_CSCRIPT_H

#include <lua.h>

#include "capi.h"

/* Run protected (a lua_CFunction): opens the libraries and the module
** (global mt), and puts the folders mutorere_path_add added before the
** others of mt.path. */
int cscript_open_module(lua_State *L);

/* The Lua state of v, made in Lua (its hooks run there; the caller holds
** its call), or NULL for a variant made without Lua. */
lua_State *cscript_state(const mutorere_variant *v);

/* Pushes the Variant value of the state of a variant made in Lua. */
void cscript_push_variant(lua_State *L);

#endif
