# photorepl: --source unsplash --feed --cassette feed-unsplash.cassette.json --preview ascii --preview-size 30x8
count: 0
photos> count 3
count: 3
photos> fetch
Fetched page 1 of Unsplash's latest photos: 3 photos, more to come.
▸ 1  it4YM12kuq4  green rice terraces during dayt…  Yuna Nakamura       ♥ 26
  2  a2cxzfkMfvb  Snowy Mountain Ridge Under A Bl…  Anna García         ♥ 49
  3  tAiv6scWDuN  Street Market In The Old Town     Mateo Haddad        ♥ 35
● ○ ○  1/3
photos> page 3
.............
-------+*+---
=======*%#===
........-....
▸ 3  tAiv6scWDuN  Street Market In The Old Town     Mateo Haddad        ♥ 35
○ ○ ●  3/3
photos> next
Loaded page 2 of Unsplash's latest photos: 3 more photos (6 in all).
.............
-------+*+---
=======*%#===
........-....
▸ 4  6TCRC5jKpJh  Surfer riding a small wave.       Olu Silva           ♥ 39
○ ○ ○ ● ○ ○  4/6
photos> page 6
.............
-------+*+---
=======*%#===
........-....
▸ 6  e1im7sVLsYr  Street Market In The Old Town     Leïla Rossi         ♥ 503
○ ○ ○ ○ ○ ●  6/6
photos> next
Loaded page 3 of Unsplash's latest photos: 3 more photos (9 in all).
##**%%
%+..=%
%%..%%
%%--%%
▸ 7  AtL1rd9Pw3O  Misty pine forest at sunrise.     Ines García         ♥ 49
○ ○ ○ ○ ○ ○ ● ○ ○  7/9
photos> grid
Sheet 1 of 2+ (photos 1–8 of 9 loaded):
..................  ..................  ..................  ..................
::::::::::::::::::  ::::::::::::::::::  ::::::::::::::::::  ::::::::::::::::::
==========*%#+====  ==========*%#+====  ==========*%#+====  ==========*%#+====
++++++++++%@@#++++  ++++++++++%@@#++++  ++++++++++%@@#++++  ++++++++++%@@#++++
::::::::::-==-::::  ::::::::::-==-::::  ::::::::::-==-::::  ::::::::::-==-::::
...........::.....  ...........::.....  ...........::.....  ...........::.....
 1 green rice ter…   2 Snowy Mountain…   3 Street Market …   4 Surfer riding …
..................  ..................  %++%%%%%%%%%        ..................
::::::::::::::::::  ::::::::::::::::::  %**%#::#%%%%        ::::::::::::::::::
==========*%#+====  ==========*%#+====  %%%*....+%%%        ==========*%#+====
++++++++++%@@#++++  ++++++++++%@@#++++  %%=......-%%        ++++++++++%@@#++++
::::::::::-==-::::  ::::::::::-==-::::  %%##....##%%        ::::::::::-==-::::
...........::.....  ...........::.....  %%%%....%%%%        ...........::.....
                                        %%%%....%%%%
                                        %%%%....%%%%
                                        %%%%++++%%%%
 5 A Train Passin…   6 Street Market …  ▸7 Misty pine for…   8 Stars Over A M…
photos> state --json
{"stack":["collection"],"count":3,"photos":["it4YM12kuq4","a2cxzfkMfvb","tAiv6scWDuN","6TCRC5jKpJh","OvW6Ig3zQVf","e1im7sVLsYr","AtL1rd9Pw3O","YOidVRKj0gS","Ptw-8WbEBZR"],"page":7,"source":"unsplash","layout":"list","sheet":1,"feed":{"name":"Unsplash's latest photos","pages":3,"more":true},"ratelimit":{"limit":50,"remaining":47}}
