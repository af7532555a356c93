// libedit, opened on first use: the functions clerk calls, each forwarding to the library's
// own (CLibraryLoader), and the typed wrappers of its variadic el_set, el_get and history.
#include "shim.h"
#include "library_loader.h"

static struct clerk_library edit = CLERK_LIBRARY("libedit.so.2");

const char *cedit_load_error(void) { return clerk_library_error(&edit); }

CLERK_FORWARD(edit, EditLine *, el_init, (const char *program, FILE *in, FILE *out, FILE *err), (program, in, out, err), NULL)
CLERK_FORWARD_VOID(edit, el_end, (EditLine *el), (el))
CLERK_FORWARD(edit, const char *, el_gets, (EditLine *el, int *count), (el, count), NULL)
CLERK_FORWARD(edit, const LineInfo *, el_line, (EditLine *el), (el), NULL)
CLERK_FORWARD(edit, int, el_insertstr, (EditLine *el, const char *text), (el, text), -1)
CLERK_FORWARD_VOID(edit, el_deletestr, (EditLine *el, int count), (el, count))
CLERK_FORWARD(edit, History *, history_init, (void), (), NULL)
CLERK_FORWARD_VOID(edit, history_end, (History *h), (h))

/// el_set(el, op, args…), -1 without libedit.
#define CEDIT_SET(el, ...) CLERK_CALL(edit, el_set, -1, (el, __VA_ARGS__))
/// history(h, ev, op, args…), -1 without libedit.
#define CEDIT_HISTORY(h, ev, ...) CLERK_CALL(edit, history, -1, (h, ev, __VA_ARGS__))

int cedit_set_prompt(EditLine *el, cedit_prompt_fn fn) { return CEDIT_SET(el, EL_PROMPT, fn); }
int cedit_set_editor(EditLine *el, const char *mode) { return CEDIT_SET(el, EL_EDITOR, mode); }
/// libedit calls the history function it is given: the real one, not a forwarder.
int cedit_set_history(EditLine *el, History *h) { return CEDIT_SET(el, EL_HIST, CLERK_SYMBOL(edit, history), h); }
int cedit_set_signal(EditLine *el, int on) { return CEDIT_SET(el, EL_SIGNAL, on); }
int cedit_add_function(EditLine *el, const char *name, const char *help, cedit_command_fn fn) {
    return CEDIT_SET(el, EL_ADDFN, name, help, fn);
}
int cedit_bind(EditLine *el, const char *key, const char *command) { return CEDIT_SET(el, EL_BIND, key, command, (const char *)NULL); }
int cedit_set_tty(EditLine *el, const char *flag) { return CEDIT_SET(el, EL_SETTY, "-d", flag, (const char *)NULL); }
int cedit_set_client_data(EditLine *el, void *data) { return CEDIT_SET(el, EL_CLIENTDATA, data); }
void *cedit_client_data(EditLine *el) {
    void *data = NULL;
    CLERK_CALL(edit, el_get, -1, (el, EL_CLIENTDATA, &data));
    return data;
}

int cedit_history_set_size(History *h, HistEvent *ev, int size) { return CEDIT_HISTORY(h, ev, H_SETSIZE, size); }
int cedit_history_set_unique(History *h, HistEvent *ev, int on) { return CEDIT_HISTORY(h, ev, H_SETUNIQUE, on); }
int cedit_history_enter(History *h, HistEvent *ev, const char *line) { return CEDIT_HISTORY(h, ev, H_ENTER, line); }
int cedit_history_load(History *h, HistEvent *ev, const char *path) { return CEDIT_HISTORY(h, ev, H_LOAD, path); }
int cedit_history_save(History *h, HistEvent *ev, const char *path) { return CEDIT_HISTORY(h, ev, H_SAVE, path); }
