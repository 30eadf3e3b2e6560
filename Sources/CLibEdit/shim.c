#include "CLibEdit.h"
#include <stdio.h>

EditLine *photorepl_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

int photorepl_el_set_prompt(EditLine *el, photorepl_prompt_fn fn) { return el_set(el, EL_PROMPT, fn); }
int photorepl_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
int photorepl_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
int photorepl_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }

void *photorepl_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

int photorepl_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }

int photorepl_el_addfn(EditLine *el, const char *name, const char *help, photorepl_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

int photorepl_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, NULL);
}

int photorepl_el_set_editmode(EditLine *el, int on) { return el_set(el, EL_EDITMODE, on); }

int photorepl_el_columns(EditLine *el) {
    int columns = 0;
    // EL_GETTC returns 0 on success, despite what the man page says.
    if (el_get(el, EL_GETTC, "co", &columns, NULL) != 0) return -1;
    return columns;
}

// H_ENTER, H_LOAD and H_SAVE take one pointer argument; H_LOAD and H_SAVE return the entry count.
static int history_op(History *h, int op, const char *arg) {
    HistEvent ev;
    int rc = history(h, &ev, op, arg);
    return rc < 0 ? -1 : rc;
}

int photorepl_history_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size) < 0 ? -1 : 0;
}

int photorepl_history_setunique(History *h, int on) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, on) < 0 ? -1 : 0;
}

int photorepl_history_enter(History *h, const char *line) { return history_op(h, H_ENTER, line); }
int photorepl_history_load(History *h, const char *path) { return history_op(h, H_LOAD, path); }
int photorepl_history_save(History *h, const char *path) { return history_op(h, H_SAVE, path); }

int photorepl_history_count(History *h) {
    HistEvent ev;
    return history(h, &ev, H_GETSIZE) < 0 ? -1 : ev.num;
}
