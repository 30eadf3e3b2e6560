# photorepl: --source unsplash --cassette search-unsplash.cassette.json --preview ascii --preview-size 30x8
count: 0
photos> search on --orientation landscape
Found 37 photos for "on" (landscape); 10 loaded:
▸  1  wXB-3yPaB_E  A cat asleep on a windowsill.     Mina Nguyen         ♥ 8,038
   2  kdLr2nFp_Xd  Neon Signs In A Narrow Alley      Ravi Kim            ♥ 5,324
   3  4dDQxYjY8dP  A cup of coffee on a wooden tab…  Olu Silva           ♥ 3,303
   4  e1im7sVLsYr  Street Market In The Old Town     Leïla Rossi         ♥ 503
   5  1YMxCUSEg0z  A Concrete Staircase In Shadow    Sofia Sato          ♥ 236
   6  bHTwcvW0m4q  Neon Signs In A Narrow Alley      Sara Andersen       ♥ 143
   7  rB77fuKgtQ7  gray concrete stairs with shadow  Ji-woo Novak        ♥ 133
   8  Af-PvN1KMr8  A lighthouse on a rocky cape.     Kenji Berg          ♥ 115
   9  GBUS57XGU-1  A Train Passing Through The Hil…  Freya Costa         ♥ 112
  10  06DJJcucNLb  ocean waves crashing on shore     Chloé Dubois        ♥ 98
● ○ ○ ○ ○ ○ ○ ○ ○ ○  1/10
photos/search> page 10
.............
-------+*+---
=======*%#===
........-....
▸ 10  06DJJcucNLb  ocean waves crashing on shore     Chloé Dubois        ♥ 98
○ ○ ○ ○ ○ ○ ○ ○ ○ ●  10/10
photos/search> next
Loaded 10 more results (20 of 37 loaded).
.............
-------+*+---
=======*%#===
........-....
▸ 11  cpTxJHjg4-E  A Tram Crossing A Bridge          Ji-woo Novak        ♥ 96
○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○ ○ ○ ○ ○ ○ ○  11/20
photos/search> grid
Sheet 2 of 3+ (photos 9–16 of 20 loaded):
%++%%%%%%%%%        ..................  ..................  ..................
%**%#::#%%%%        ::::::::::::::::::  ::::::::::::::::::  ::::::::::::::::::
%%%*....+%%%        ==========*%#+====  ==========*%#+====  ==========*%#+====
%%=......-%%        ++++++++++%@@#++++  ++++++++++%@@#++++  ++++++++++%@@#++++
%%##....##%%        ::::::::::-==-::::  ::::::::::-==-::::  ::::::::::-==-::::
%%%%....%%%%        ...........::.....  ...........::.....  ...........::.....
%%%%....%%%%
%%%%....%%%%
%%%%++++%%%%
 9 A Train Passin…   10 ocean waves c…  ▸11 A Tram Crossi…   12 A tram crossi…
%++%%%%%%%%%        ..................  %++%%%%%%%%%        ..................
%**%#::#%%%%        ::::::::::::::::::  %**%#::#%%%%        ::::::::::::::::::
%%%*....+%%%        ==========*%#+====  %%%*....+%%%        ==========*%#+====
%%=......-%%        ++++++++++%@@#++++  %%=......-%%        ++++++++++%@@#++++
%%##....##%%        ::::::::::-==-::::  %%##....##%%        ::::::::::-==-::::
%%%%....%%%%        ...........::.....  %%%%....%%%%        ...........::.....
%%%%....%%%%                            %%%%....%%%%
%%%%....%%%%                            %%%%....%%%%
%%%%++++%%%%                            %%%%++++%%%%
 13 Reflections I…   14 Kayaks on a t…   15 A cat asleep …   16 Neon signs in…
photos/search> open 11
..........................
::::::::::::::::::::::::::
--------------------------
==============+%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                ::.
Photo 11 of 20
  id           cpTxJHjg4-E
  description  A Tram Crossing A Bridge
  author       Ji-woo Novak (@jiwoonovak)
  likes        ♥ 96
  size         6000 × 4000
  url          http://127.0.0.1:43210/images/cpTxJHjg4-E.jpg?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3wmPHvoK5QiDqkRvZbk&ixlib=rb-4.0.3&q=80&w=1080
  credit       Photo by Ji-woo Novak on Unsplash
               https://unsplash.com/@jiwoonovak?utm_source=photorepl&utm_medium=referral
               https://unsplash.com/?utm_source=photorepl&utm_medium=referral
photos/search/detail 11> back
Found 37 photos for "on" (landscape); 20 loaded:
   1  wXB-3yPaB_E  A cat asleep on a windowsill.     Mina Nguyen         ♥ 8,038
   2  kdLr2nFp_Xd  Neon Signs In A Narrow Alley      Ravi Kim            ♥ 5,324
   3  4dDQxYjY8dP  A cup of coffee on a wooden tab…  Olu Silva           ♥ 3,303
   4  e1im7sVLsYr  Street Market In The Old Town     Leïla Rossi         ♥ 503
   5  1YMxCUSEg0z  A Concrete Staircase In Shadow    Sofia Sato          ♥ 236
   6  bHTwcvW0m4q  Neon Signs In A Narrow Alley      Sara Andersen       ♥ 143
   7  rB77fuKgtQ7  gray concrete stairs with shadow  Ji-woo Novak        ♥ 133
   8  Af-PvN1KMr8  A lighthouse on a rocky cape.     Kenji Berg          ♥ 115
   9  GBUS57XGU-1  A Train Passing Through The Hil…  Freya Costa         ♥ 112
  10  06DJJcucNLb  ocean waves crashing on shore     Chloé Dubois        ♥ 98
▸ 11  cpTxJHjg4-E  A Tram Crossing A Bridge          Ji-woo Novak        ♥ 96
  12  enmRdGf5YRb  A tram crossing a bridge.         Björn Kowalski      ♥ 87
  13  JfJK1rupGiV  Reflections In A Glass Facade     Tomás Park          ♥ 81
  14  72bBFbtRp-c  Kayaks on a turquoise lake.       Mateo Haddad        ♥ 77
  15  JLa6WLuEOmK  A cat asleep on a windowsill      Kwame Ito           ♥ 64
  16  axL9dFfHTUu  Neon signs in a narrow alley      Jonas Okafor        ♥ 64
  17  jwD9muvW5Wu  Cherry Blossoms Along A Canal     Tomás Park          ♥ 63
  18  dpSu7TMFMB0  A cat asleep on a windowsill.     Lucas Müller        ♥ 52
  19  ZceAiBCnTts  Neon signs in a narrow alley.     Ines García         ♥ 49
  20  kS18g-9jDjm  Close-up of a monstera leaf       Ravi Kim            ♥ 44
○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○ ○ ○ ○ ○ ○ ○  11/20
photos/search> back
photos> search spam
Cannot search for "spam": Unsplash refused the search: it flagged the query as spam (HTTP 410); search for other words. Type 'show' to try again, or 'back'.
photos/search> back
photos> search lake --color teal
Found 3 photos for "lake" (teal):
▸ 1  72bBFbtRp-c  Kayaks on a turquoise lake.       Mateo Haddad        ♥ 77
  2  ro4qydz2TEK  Kayaks On A Turquoise Lake        김서연              ♥ 29
  3  0fwIGBRNoPA  Kayaks on a turquoise lake        Sofia Sato          ♥ 25
● ○ ○  1/3
