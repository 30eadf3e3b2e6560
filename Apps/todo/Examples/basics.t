No to-dos yet. Type 'add TEXT' to add one.
todos> add buy milk
Added 1. buy milk
todos> add call mom
Added 2. call mom
todos> add 블로그 글 쓰기
Added 3. 블로그 글 쓰기
todos> list
To-dos (0 of 3 done):
  1. [ ] buy milk
  2. [ ] call mom
  3. [ ] 블로그 글 쓰기
todos> done 2
Done: 2. call mom
todos> done 2
2. call mom is done already.
todos> remove 1
Removed 1. buy milk; 2 to-dos left.
todos> list
To-dos (1 of 2 done):
  1. [x] call mom
  2. [ ] 블로그 글 쓰기
todos> state --json
{"stack":["list"],"todos":[{"title":"call mom","done":true},{"title":"블로그 글 쓰기","done":false}],"selected":null}
