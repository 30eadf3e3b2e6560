// Typed, non-variadic wrappers around libedit (histedit.h).
// Swift cannot call the variadic el_set/el_get/history, and in Swift 6 mode it cannot name
// Glibc's stdin/stdout/stderr globals, so el_init is done here too.
#ifndef CLIBEDIT_H
#define CLIBEDIT_H

#include <histedit.h>
#include <stddef.h>

/// el_init("photorepl", stdin, stdout, stderr). The program name scopes `photorepl:` lines in ~/.editrc.
EditLine *photorepl_el_init(const char *program);

typedef char *(*photorepl_prompt_fn)(EditLine *);
typedef unsigned char (*photorepl_command_fn)(EditLine *, int);

int photorepl_el_set_prompt(EditLine *el, photorepl_prompt_fn fn);
int photorepl_el_set_editor(EditLine *el, const char *mode);
int photorepl_el_set_signal(EditLine *el, int on);
int photorepl_el_set_clientdata(EditLine *el, void *data);
void *photorepl_el_get_clientdata(EditLine *el);
int photorepl_el_set_history(EditLine *el, History *h);
int photorepl_el_addfn(EditLine *el, const char *name, const char *help, photorepl_command_fn fn);
int photorepl_el_bind(EditLine *el, const char *key, const char *command);
int photorepl_el_set_editmode(EditLine *el, int on);
/// Terminal width in columns (EL_GETTC "co"), or -1.
int photorepl_el_columns(EditLine *el);

/// Number of entries, or -1.
int photorepl_history_setsize(History *h, int size);
int photorepl_history_setunique(History *h, int on);
int photorepl_history_enter(History *h, const char *line);
int photorepl_history_load(History *h, const char *path);
int photorepl_history_save(History *h, const char *path);
int photorepl_history_count(History *h);

#endif
