/*
** cscript.c — the C library's variants whose rules are written in Lua: a
** variant file, or a script variants/NAME.lua on the search path.  Each
** runs in a Lua state of its own, where the module is opened as the
** program opens it (global mt); the state lives as long as the variant
** handle, which holds it through its owner (capi.h), and the variant's
** hooks reach the core as the bindings wire them (lhook.c), run on that
** state's main thread.  Also the search path as the library sees it (the
** folders a program added first, then mt.path's) and the variants on it.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "capi.h"
#include "cscript.h"
#include "lbridge.h"
#include "lmutorere.h"
#include "lvariant.h"
#include "lwatchdog.h"
#include "memory.h"

/* What holds a variant's hooks: its Lua state and the Variant value in it
** (kept in the registry under VARIANT_KEY). */
typedef struct Script {
  lua_State *L;
  Variant *variant;
} Script;

/* The owner's hook_error: the message of the variant's last hook failure
** (lhook.c keeps it in the registry). */
static void script_hook_error(void *ctx, char *msg, size_t size) {
  Script *s = ctx;
  HookContext *h = &s->variant->hook;
  if (h->error_ref == LUA_NOREF || h->error_ref == LUA_REFNIL) return;
  lua_rawgeti(s->L, LUA_REGISTRYINDEX, h->error_ref);
  if (lua_type(s->L, -1) == LUA_TSTRING)
    snprintf(msg, size, "%s", lua_tostring(s->L, -1));
  lua_pop(s->L, 1);
  luaL_unref(s->L, LUA_REGISTRYINDEX, h->error_ref);
  h->error_ref = LUA_NOREF;
}

/* The owner's watch: the state's Lua code (the hooks) stops with an error
** once cancel says so. */
static void script_watch(void *ctx, const Cancel *cancel) {
  Script *s = ctx;
  lwatchdog_set_cancel(s->L, cancel);
}

/* The owner's account: the state's bytes are the variant's too. */
static void script_account(void *ctx, MemoryAccount *a) {
  Script *s = ctx;
  lwatchdog_set_account(s->L, a);
}

/* The owner's release: closes the state. */
static void script_release(void *ctx) {
  Script *s = ctx;
  lua_close(s->L);
  memory_realloc(s, 0);
}

#define VARIANT_KEY "mutorere.capi.variant" /* the Variant, kept */

int cscript_open_module(lua_State *L) {
  luaL_openlibs(L);
  luaL_requiref(L, "mutorere", luaopen_mutorere, 0);
  lua_setglobal(L, "mt");
  char **added;
  int k = capi_path_copy(&added);
  if (k < 0) return luaL_error(L, "not enough memory");
  lua_newtable(L);
  int list = lua_gettop(L);
  for (int i = 0; i < k; i++) {
    lua_pushstring(L, added[i]);
    lua_rawseti(L, list, i + 1);
  }
  memory_realloc(added, 0);
  lbridge_push_field(L, "path");
  int old = lua_gettop(L);
  for (lua_Integer i = 1;
       lua_istable(L, old) && lua_rawgeti(L, old, i) == LUA_TSTRING; i++) {
    int seen = 0;
    for (int j = 1; j <= k && !seen; j++) {
      lua_rawgeti(L, list, j);
      seen = lua_rawequal(L, -1, -2);
      lua_pop(L, 1);
    }
    if (seen)
      lua_pop(L, 1);
    else
      lua_rawseti(L, list, (lua_Integer)luaL_len(L, list) + 1);
  }
  lua_settop(L, list);
  lua_getglobal(L, "mt");
  lua_insert(L, list);
  lua_setfield(L, list, "path");
  lua_settop(L, list - 1);
  return 0;
}

/* Run protected: opens the module (cscript_open_module), stopped from then on by
** the Cancel at 3 (a light userdata), keeps mt.variant(spec) in the
** registry and returns it: spec the C string at 1 (a light userdata:
** nothing is allocated outside the protected call), or {base = spec, arms
** = the integer at 2} when that is not 0.  What is wrong with the spec is
** raised as the reason alone (not "bad argument #1 to 'variant' (...)"). */
static int open_variant(lua_State *L) {
  const Cancel *stop = lua_touserdata(L, 3);
  lua_settop(L, 2);
  lua_pushstring(L, lua_touserdata(L, 1));
  lua_replace(L, 1);
  lua_pushcfunction(L, cscript_open_module);
  lua_call(L, 0, 0);
  lwatchdog_set_cancel(L, stop);
  lbridge_push_api(L, "variant");
  if (lua_tointeger(L, 2) != 0) {
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "base");
    lua_pushvalue(L, 2);
    lua_setfield(L, -2, "arms");
  } else
    lua_pushvalue(L, 1);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    lua_pushstring(L, lbridge_reason(L, -1));
    return lua_error(L);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, VARIANT_KEY);
  return 1;
}

/* Fails with the error of a protected call that returned status in L (its
** message on top) for spec; named: spec is a name, which may be unknown (a
** bad argument, not a script's failure). */
static int script_failed(lua_State *L, int status, const char *spec,
                         int named) {
  const char *why = lua_tostring(L, -1);
  if (status == LUA_ERRMEM || !why || strcmp(why, "not enough memory") == 0)
    return capi_fail(MUTORERE_ENOMEM, "not enough memory to load a variant");
  if (named && strncmp(why, "unknown variant", 15) == 0)
    return capi_fail(MUTORERE_EINVAL,
                     "unknown variant '%s': not built in, and no "
                     "variants/%s.lua on the search path (the folders of "
                     "MUTORERE_PATH, then the installed scripts)",
                     spec, spec);
  return capi_fail(MUTORERE_ESCRIPT, "%s", why);
}

/* The variant of spec (a name or a path) on arms arms (0: its own) made
** in a new Lua state, into *out; the load stops when call c says so. */
static int from_lua(const char *spec, int arms, int named, CapiCall *c,
                    mutorere_variant **out) {
  Script *s = memory_realloc(NULL, sizeof *s);
  lua_State *L = s ? luaL_newstate() : NULL;
  if (!L) {
    memory_realloc(s, 0);
    return capi_fail(MUTORERE_ENOMEM, "not enough memory for a Lua state");
  }
  lua_pushcfunction(L, open_variant);
  lua_pushlightuserdata(L, (void *)spec);
  lua_pushinteger(L, arms);
  lua_pushlightuserdata(L, &c->stop);
  int status = lua_pcall(L, 3, 1, 0);
  lwatchdog_set_cancel(L, NULL);
  Variant *var = status == LUA_OK ? lvariant_test(L, -1) : NULL;
  if (!var) {
    int rc = status == LUA_OK ? capi_fail(MUTORERE_ESCRIPT,
                                          "mt.variant gave no variant")
             : c->stopped ? capi_fail(MUTORERE_ECANCELLED,
                                      "loading variant %.300s was cancelled",
                                      spec)
                          : script_failed(L, status, spec, named);
    lua_close(L);
    memory_realloc(s, 0);
    return rc;
  }
  lhook_enter(var, L); /* the hooks run on the main thread */
  *s = (Script){L, var};
  lvariant_push_name(L, -1);
  VariantOwner owner = {script_hook_error, script_release, script_watch,
                        script_account, s};
  mutorere_variant *v = capi_variant_new(
      &var->rules, &var->start,
      lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "custom",
      var->symmetric, owner);
  lua_settop(L, 0);
  if (!v) return MUTORERE_ENOMEM; /* the owner was released */
  *out = v;
  return MUTORERE_OK;
}

/* from_lua within a call of its own (no variant yet: mutorere_interrupt
** with NULL stops it). */
static int load(const char *spec, int arms, int named, mutorere_variant **out) {
  CapiCall call;
  capi_begin(&call, NULL, NULL, NULL, 0);
  return capi_end(&call, from_lua(spec, arms, named, &call, out));
}

/* 1 when s is a variant's name: letters, digits, '-' and '_'. */
static int plain_name(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!(isalnum((unsigned char)*s) || *s == '-' || *s == '_')) return 0;
  return 1;
}

int mutorere_variant_named(const char *name, int arms, mutorere_variant **out) {
  int rc = capi_need(name, "name");
  if (!rc) rc = capi_need(out, "out");
  if (rc) return rc;
  if (arms != 0 && (arms < 4 || arms > 64 || arms % 2))
    return capi_fail(MUTORERE_EINVAL,
                     "arms is %d (an even number from 4 to 64, or 0 for the "
                     "variant's own)",
                     arms);
  if (capi_builtin(name)) return capi_variant_builtin(name, arms, out);
  if (!plain_name(name))
    return capi_fail(MUTORERE_EINVAL,
                     "bad variant name \"%.60s\": letters, digits, '-' and "
                     "'_' (mutorere_variant_load takes a path)",
                     name);
  return load(name, arms, 1, out);
}

int mutorere_variant_load(const char *path, mutorere_variant **out) {
  char spec[4096];
  int rc = capi_need(path, "path");
  if (!rc) rc = capi_need(out, "out");
  if (rc) return rc;
  if (!*path) return capi_fail(MUTORERE_EINVAL, "the path is empty");
  /* a path that reads like a name is still a path */
  if ((size_t)snprintf(spec, sizeof spec, "%s%s", plain_name(path) ? "./" : "",
                       path) >= sizeof spec)
    return capi_fail(MUTORERE_EINVAL, "the path is too long");
  return load(spec, 0, 0, out);
}

/* Run protected: opens the module (cscript_open_module) and returns mt.path, or
** with a true at 1 the names of the variants on it that
** mutorere_variant_named takes, sorted (the built-in ones apart). */
static int list_of(lua_State *L) {
  int variants = lua_toboolean(L, 1);
  lua_pushcfunction(L, cscript_open_module);
  lua_call(L, 0, 0);
  if (!variants) {
    lbridge_push_field(L, "path");
    return 1;
  }
  lua_newtable(L);
  lbridge_scripts(L, "variants", lua_gettop(L));
  lbridge_sorted_keys(L, -1);
  return 1;
}

/* Calls each(ctx, text) for each string of the list list_of gives (with
** variants: the built-in variants first, then the scripts' names that are
** neither built in nor other than a name). */
static int each_of(int variants, mutorere_each each, void *ctx) {
  int rc = capi_need(each, "each");
  if (rc) return rc;
  lua_State *L = luaL_newstate();
  if (!L) return capi_fail(MUTORERE_ENOMEM, "not enough memory for a Lua state");
  lua_pushcfunction(L, list_of);
  lua_pushboolean(L, variants);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    rc = capi_fail(MUTORERE_ENOMEM, "cannot read the search path: %s",
                   lua_tostring(L, -1) ? lua_tostring(L, -1) : "?");
    lua_close(L);
    return rc;
  }
  if (variants)
    for (int i = 0; rules_names[i]; i++) each(ctx, rules_names[i]);
  for (lua_Integer i = 1;
       lua_istable(L, -1) && lua_rawgeti(L, -1, i) == LUA_TSTRING; i++) {
    const char *text = lua_tostring(L, -1);
    if (!variants || (plain_name(text) && !capi_builtin(text))) each(ctx, text);
    lua_pop(L, 1);
  }
  lua_close(L);
  return MUTORERE_OK;
}

int mutorere_path(mutorere_each each, void *ctx) {
  return each_of(0, each, ctx);
}

int mutorere_variants(mutorere_each each, void *ctx) {
  return each_of(1, each, ctx);
}

lua_State *cscript_state(const mutorere_variant *v) {
  if (v->owner.release != script_release) return NULL;
  return ((Script *)v->owner.ctx)->L;
}

void cscript_push_variant(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, VARIANT_KEY);
}
