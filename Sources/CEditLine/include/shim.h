#ifndef CLERK_CEDITLINE_SHIM_H
#define CLERK_CEDITLINE_SHIM_H
// libedit's el_set/el_get/history are variadic; Swift cannot call them, so each
// argument kind gets a typed wrapper here (prefix cedit_). clerk does not link libedit:
// ceditline.c opens libedit.so.2 on the first call (CLibraryLoader), so only the REPL loads it.
#include <stdio.h>
#include <histedit.h>
#include <editline/readline.h>

/// NULL when libedit can be loaded, else why not (the soname and dlerror's text).
const char *cedit_load_error(void);

/// Starts libedit on the process's standard streams (which Swift 6 cannot name safely).
static inline EditLine *cedit_init(const char *program) { return el_init(program, stdin, stdout, stderr); }
/// Writes text to stdout through stdio, in order with libedit's own output.
static inline void cedit_print(const char *text) { fputs(text, stdout); fflush(stdout); }

typedef char *(*cedit_prompt_fn)(EditLine *);
typedef unsigned char (*cedit_command_fn)(EditLine *, int);

int cedit_set_prompt(EditLine *el, cedit_prompt_fn fn);
int cedit_set_editor(EditLine *el, const char *mode);
int cedit_set_history(EditLine *el, History *h);
int cedit_set_signal(EditLine *el, int on);
int cedit_add_function(EditLine *el, const char *name, const char *help, cedit_command_fn fn);
int cedit_bind(EditLine *el, const char *key, const char *command);
/// Turns a tty flag off or on while editing ("-isig" lets ^C arrive as a key).
int cedit_set_tty(EditLine *el, const char *flag);
/// Reads keys with clerk's reader: bytes that are not UTF-8 become U+FFFD (libedit's own
/// reader drops them), and `cedit_take_invalid_input` then says so once.
int cedit_set_reader(EditLine *el);
/// 1 when bytes that are not UTF-8 were read since the last call, then 0 again.
int cedit_take_invalid_input(void);
int cedit_set_client_data(EditLine *el, void *data);
void *cedit_client_data(EditLine *el);

int cedit_history_set_size(History *h, HistEvent *ev, int size);
int cedit_history_set_unique(History *h, HistEvent *ev, int on);
int cedit_history_enter(History *h, HistEvent *ev, const char *line);
int cedit_history_load(History *h, HistEvent *ev, const char *path);
int cedit_history_save(History *h, HistEvent *ev, const char *path);

#endif
