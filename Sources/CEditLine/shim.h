#ifndef CLERK_CEDITLINE_SHIM_H
#define CLERK_CEDITLINE_SHIM_H
// libedit's el_set/el_get/history are variadic; Swift cannot call them, so each
// argument kind gets a typed wrapper here (prefix cedit_).
#include <stdio.h>
#include <histedit.h>
#include <editline/readline.h>

/// Starts libedit on the process's standard streams (which Swift 6 cannot name safely).
static inline EditLine *cedit_init(const char *program) { return el_init(program, stdin, stdout, stderr); }
/// Writes text to stdout through stdio, in order with libedit's own output.
static inline void cedit_print(const char *text) { fputs(text, stdout); fflush(stdout); }

typedef char *(*cedit_prompt_fn)(EditLine *);
typedef unsigned char (*cedit_command_fn)(EditLine *, int);

static inline int cedit_set_prompt(EditLine *el, cedit_prompt_fn fn) { return el_set(el, EL_PROMPT, fn); }
static inline int cedit_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int cedit_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int cedit_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int cedit_add_function(EditLine *el, const char *name, const char *help, cedit_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int cedit_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}
/// Turns a tty flag off or on while editing ("-isig" lets ^C arrive as a key).
static inline int cedit_set_tty(EditLine *el, const char *flag) {
    return el_set(el, EL_SETTY, "-d", flag, (const char *)NULL);
}
static inline int cedit_set_client_data(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *cedit_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

static inline int cedit_history_set_size(History *h, HistEvent *ev, int size) { return history(h, ev, H_SETSIZE, size); }
static inline int cedit_history_set_unique(History *h, HistEvent *ev, int on) { return history(h, ev, H_SETUNIQUE, on); }
static inline int cedit_history_enter(History *h, HistEvent *ev, const char *line) { return history(h, ev, H_ENTER, line); }
static inline int cedit_history_load(History *h, HistEvent *ev, const char *path) { return history(h, ev, H_LOAD, path); }
static inline int cedit_history_save(History *h, HistEvent *ev, const char *path) { return history(h, ev, H_SAVE, path); }

#endif
