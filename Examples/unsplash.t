# photorepl: --source unsplash --cassette unsplash.cassette.json --preview ascii --preview-size 30x8
count: 0
photos> count 3
count: 3
photos> fetch
Fetched 3 photos.
▸ 1  ro4qydz2TEK  Kayaks On A Turquoise Lake        Hiro Kowalski       ♥ 29
  2  yyRKAr3C60O  Surfer riding a small wave        Amélie Nguyen       ♥ 26
  3  qhefDGeuKaS  Kayaks on a turquoise lake        Yuna Haddad         ♥ 27
● ○ ○  1/3
photos> next
.............
-------+*+---
=======*%#===
........-....
▸ 2  yyRKAr3C60O  Surfer riding a small wave        Amélie Nguyen       ♥ 26
○ ● ○  2/3
photos> open 2
..........................
::::::::::::::::::::::::::
--------------------------
==============+%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                ::.
Photo 2 of 3
  id           yyRKAr3C60O
  description  Surfer riding a small wave
  author       Amélie Nguyen (@amelienguyen54)
  likes        ♥ 26
  size         6000 × 4000
  url          http://127.0.0.1:43210/images/yyRKAr3C60O.jpg?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3wtHmoFl84CW2vTMfu1&ixlib=rb-4.0.3&q=80&w=1080
  credit       Photo by Amélie Nguyen on Unsplash
               https://unsplash.com/@amelienguyen54?utm_source=photorepl&utm_medium=referral
               https://unsplash.com/?utm_source=photorepl&utm_medium=referral
photos/detail 2> move 3
Move photo 2 to which position? (1…3)
  1  [2]  3
Photo 3 of 3
  id           yyRKAr3C60O
  description  Surfer riding a small wave
  author       Amélie Nguyen (@amelienguyen54)
  likes        ♥ 26
  size         6000 × 4000
  url          http://127.0.0.1:43210/images/yyRKAr3C60O.jpg?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3wtHmoFl84CW2vTMfu1&ixlib=rb-4.0.3&q=80&w=1080
  credit       Photo by Amélie Nguyen on Unsplash
               https://unsplash.com/@amelienguyen54?utm_source=photorepl&utm_medium=referral
               https://unsplash.com/?utm_source=photorepl&utm_medium=referral
photos/detail 3> back
Moved photo 2 to position 3.
  1  ro4qydz2TEK  Kayaks On A Turquoise Lake        Hiro Kowalski       ♥ 29
  2  qhefDGeuKaS  Kayaks on a turquoise lake        Yuna Haddad         ♥ 27
▸ 3  yyRKAr3C60O  Surfer riding a small wave        Amélie Nguyen       ♥ 26
○ ○ ●  3/3
photos> state --json
{"stack":["collection"],"count":3,"photos":["ro4qydz2TEK","qhefDGeuKaS","yyRKAr3C60O"],"page":3,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":48}}
