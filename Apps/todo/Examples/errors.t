No to-dos yet. Type 'add TEXT' to add one.
todos> done 1
error: the list is empty: type 'add TEXT' to add a to-do first
todos> add buy milk
Added 1. buy milk
todos> done 9
error: there is no to-do 9: the list has 1 to-do (type 'list' for the positions)
todos> done x
error: done takes a position, not 'x': the list has 1 to-do (type e.g. 'done 1')
todos> remove 0
error: there is no to-do 0: the list has 1 to-do (type 'list' for the positions)
todos> open
error: 'open' needs N (usage: open N)
todos> open 1 2
error: 'open' takes at most 1 argument (usage: open N)
todos> add "   "
error: a to-do needs some text: type e.g. 'add buy milk'
todos> lsit
error: unknown command 'lsit': did you mean 'list'? (type 'help' for the commands here)
todos> open 1
To-do 1: buy milk
  status: open
todos/1> rename
error: 'rename' needs TEXT (usage: rename TEXT…)
todos/1> list
error: 'list' works in the list scene, not in detail (type 'help' for the commands here)
todos/1> back
To-dos (0 of 1 done):
  1. [ ] buy milk
todos> back
Already at the root scene (list): nothing to go back to.
