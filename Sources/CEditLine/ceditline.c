// libedit, opened on first use: the functions clerk calls, each forwarding to the library's
// own (CLibraryLoader), and the typed wrappers of its variadic el_set, el_get and history.
#include "shim.h"
#include "library_loader.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

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

// Reading keys. libedit's own reader drops bytes that are not UTF-8 without a word
// ("show caf\xff.txt" arrived as "show caf.txt"); this one reads as it does — a byte at a
// time from stdin, mbrtowc in the UTF-8 locale clerk sets — but gives U+FFFD for such bytes
// and remembers that it did, so the line can be refused.
static int cedit_saw_invalid = 0;
static int cedit_has_pending = 0;
static char cedit_pending = 0;

static int cedit_read_char(EditLine *el, wchar_t *character) {
    (void)el;
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    int fixed = 0;
    for (;;) {
        if (cedit_has_pending) {
            bytes[count] = cedit_pending;
            cedit_has_pending = 0;
        } else {
            ssize_t got = read(STDIN_FILENO, bytes + count, 1);
            if (got < 0 && errno == EINTR) continue;
            if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && !fixed) {
                // A non-blocking stdin (left so by another program): blocking again, as libedit does.
                int flags = fcntl(STDIN_FILENO, F_GETFL, 0);
                if (flags != -1 && fcntl(STDIN_FILENO, F_SETFL, flags & ~O_NONBLOCK) != -1) { fixed = 1; continue; }
            }
            if (got <= 0) {
                if (count > 0) { cedit_saw_invalid = 1; *character = 0xFFFD; return 1; }  // cut before its end
                *character = 0;
                return got == 0 ? 0 : -1;
            }
        }
        count += 1;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t used = mbrtowc(character, bytes, count, &state);
        if (used == (size_t)-2) {
            if (count < MB_LEN_MAX) continue;
            cedit_saw_invalid = 1;
            *character = 0xFFFD;
            return 1;
        }
        if (used == (size_t)-1) {
            // The last byte may start a character of its own: it is read again next time.
            if (count > 1) { cedit_pending = bytes[count - 1]; cedit_has_pending = 1; }
            cedit_saw_invalid = 1;
            *character = 0xFFFD;
            return 1;
        }
        return 1;
    }
}

int cedit_set_reader(EditLine *el) { return CEDIT_SET(el, EL_GETCFN, cedit_read_char); }

int cedit_take_invalid_input(void) {
    int saw = cedit_saw_invalid;
    cedit_saw_invalid = 0;
    return saw;
}
