No to-dos yet. Type 'add TEXT' to add one.
todos> add buy milk
Added 1. buy milk
todos> rm 1
error: unknown command 'rm': did you mean 'remove'? (type 'help' for the commands here)
todos> delete 1
error: unknown command 'delete': did you mean 'remove'? (type 'help' for the commands here)
todos> ls
error: unknown command 'ls': did you mean 'list'? (type 'help' for the commands here)
todos> remove 1
Removed 1. buy milk; the list is empty.
