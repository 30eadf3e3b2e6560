No to-dos yet. Type 'add TEXT' to add one.
todos> add buy milk
Added 1. buy milk
todos> add call mom
Added 2. call mom
todos> open 2
To-do 2: call mom
  status: open
todos/2> rename call mom and dad
Renamed to-do 2: call mom and dad
todos/2> done
Done: call mom and dad
todos/2> done
To-do 2 is done already.
todos/2> state --json
{"stack":["list","detail"],"todos":[{"title":"buy milk","done":false},{"title":"call mom","done":false}],"selected":2,"todo":{"position":2,"title":"call mom and dad","done":true}}
todos/2> back
To-dos (1 of 2 done):
  1. [ ] buy milk
  2. [x] call mom and dad
todos> list
To-dos (1 of 2 done):
  1. [ ] buy milk
  2. [x] call mom and dad
todos> state --json
{"stack":["list"],"todos":[{"title":"buy milk","done":false},{"title":"call mom and dad","done":true}],"selected":null}
todos> open 1
To-do 1: buy milk
  status: open
todos/1> show
To-do 1: buy milk
  status: open
todos/1> reopen
To-do 1 is open already.
todos/1> back
To-dos (1 of 2 done):
  1. [ ] buy milk
  2. [x] call mom and dad
