# photorepl: --preview ascii
count: 0
photos> search misty forest
Found 7 photos for "misty forest":
▸ 1  Eiq_zAHinx2  Misty pine forest at sunrise.     Mina Nguyen         ♥ 39
  2  M-CVkE53rdE  Misty pine forest at sunrise      김서연              ♥ 7,872
  3  nSbjFOQ2TwT  Misty pine forest at sunrise.     Tomás Park          ♥ 8,897
  4  AtL1rd9Pw3O  Misty pine forest at sunrise.     Ines García         ♥ 49
  5  duNN0eeZsuj  Misty Pine Forest At Sunrise      최하은              ♥ 1,673
  6  x6hl-IWkNcH  Misty pine forest at sunrise      Leïla Rossi         ♥ 26
  7  Bom2Z9I5YbV  Misty pine forest at sunrise.     Björn Kowalski      ♥ 25
● ○ ○ ○ ○ ○ ○  1/7
photos/search> next
=--------::
===-------:
++========-
*+++++++++=
*********++
###********
####**##***
▸ 2  M-CVkE53rdE  Misty pine forest at sunrise      김서연              ♥ 7,872
○ ● ○ ○ ○ ○ ○  2/7
photos/search> open 2
----------------::::.
==---------------::::
====--------------:::
======------===------
++================---
+++++================
+++++++++++++++++====
****++++++++++++++++=
*******+++*****++++++
##****************+++
####***************++
######***************
#######*****###******
########**#####******
Photo 2 of 7
  id           M-CVkE53rdE
  description  Misty pine forest at sunrise
  author       김서연 (@seoul_fufwx)
  likes        ♥ 7,872
  size         3024 × 4032
  url          https://images.unsplash.com/photo-1592633149532-a9f125f8458b?ixid=M3whNVLMMUomit1JmGnB&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/search/detail 2> move 1
error: this photo was opened from the search results, and moving applies to the collection's own list: type 'back' until the prompt is 'photos>', then open the photo there
photos/search/detail 2> back
Found 7 photos for "misty forest":
  1  Eiq_zAHinx2  Misty pine forest at sunrise.     Mina Nguyen         ♥ 39
▸ 2  M-CVkE53rdE  Misty pine forest at sunrise      김서연              ♥ 7,872
  3  nSbjFOQ2TwT  Misty pine forest at sunrise.     Tomás Park          ♥ 8,897
  4  AtL1rd9Pw3O  Misty pine forest at sunrise.     Ines García         ♥ 49
  5  duNN0eeZsuj  Misty Pine Forest At Sunrise      최하은              ♥ 1,673
  6  x6hl-IWkNcH  Misty pine forest at sunrise      Leïla Rossi         ♥ 26
  7  Bom2Z9I5YbV  Misty pine forest at sunrise.     Björn Kowalski      ♥ 25
○ ● ○ ○ ○ ○ ○  2/7
photos/search> back
photos> search wheat --orientation landscape
Found 4 photos for "wheat" (landscape):
▸ 1  b3mjZYJKycs  Golden wheat field in late summ…  Ewa Lindqvist       ♥ 43
  2  mW0ke4WwlPo  brown wheat field under white c…  Kwame Ito           ♥ 2,344
  3  Cx6iM5yUL3v  brown wheat field under white c…  Ewa Lindqvist       ♥ 28
  4  YWj8vQro02v  Golden Wheat Field In Late Summ…  Chloé Dubois        ♥ 38
● ○ ○ ○  1/4
photos/search> grid
Sheet 1 of 1 (photos 1–4 of 4):
*****++++******+++  ******++******++++  ***************+++  ******++*******+++
##**************++  ##**************++  ##**************++  ##**************++
####******####****  #####*****###*****  ####******###*****  ####******####****
#####***#######***  %%#############***  %%#############***  #####***#######***
%#####*#########**  %%%############***  %%%#############**  %%###############*
%#####*##########*  %%%%############**  %%%%#############*  %%%########%%####*
▸1 Golden wheat f…   2 brown wheat fi…   3 brown wheat fi…   4 Golden Wheat F…
photos/search> back
photos> search ramen --color yellow
Found 1 photo for "ramen" (yellow):
▸ 1  M0MBEmJtNWQ  A bowl of ramen with egg.         Björn Kowalski      ♥ 40
●  1/1
photos/search> state --json
{"stack":["collection","search"],"count":0,"photos":[],"page":0,"source":"embedded","layout":"list","search":{"query":"ramen","orientation":null,"color":"yellow"},"results":["M0MBEmJtNWQ"],"resultsPage":1,"resultsPagesLoaded":1,"resultsTotal":1,"resultsMore":false}
photos/search> back
photos> search unicorns
No photos found for "unicorns": back to the collection.
photos> search misty forest
Found 7 photos for "misty forest":
▸ 1  Eiq_zAHinx2  Misty pine forest at sunrise.     Mina Nguyen         ♥ 39
  2  M-CVkE53rdE  Misty pine forest at sunrise      김서연              ♥ 7,872
  3  nSbjFOQ2TwT  Misty pine forest at sunrise.     Tomás Park          ♥ 8,897
  4  AtL1rd9Pw3O  Misty pine forest at sunrise.     Ines García         ♥ 49
  5  duNN0eeZsuj  Misty Pine Forest At Sunrise      최하은              ♥ 1,673
  6  x6hl-IWkNcH  Misty pine forest at sunrise      Leïla Rossi         ♥ 26
  7  Bom2Z9I5YbV  Misty pine forest at sunrise.     Björn Kowalski      ♥ 25
● ○ ○ ○ ○ ○ ○  1/7
photos/search> search wheat
Found 7 photos for "wheat":
▸ 1  0I0sWSxVmeP  brown wheat field under white c…  Yuna Nakamura       ♥ 71
  2  b3mjZYJKycs  Golden wheat field in late summ…  Ewa Lindqvist       ♥ 43
  3  mW0ke4WwlPo  brown wheat field under white c…  Kwame Ito           ♥ 2,344
  4  Cx6iM5yUL3v  brown wheat field under white c…  Ewa Lindqvist       ♥ 28
  5  VvONVPlR2-O  brown wheat field under white c…  Lucas Müller        ♥ 27
  6  YWj8vQro02v  Golden Wheat Field In Late Summ…  Chloé Dubois        ♥ 38
  7  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
● ○ ○ ○ ○ ○ ○  1/7
photos/search> search unicorns
No photos found for "unicorns": the results for "wheat" stay.
photos/search> state --json
{"stack":["collection","search"],"count":0,"photos":[],"page":0,"source":"embedded","layout":"list","search":{"query":"wheat","orientation":null,"color":null},"results":["0I0sWSxVmeP","b3mjZYJKycs","mW0ke4WwlPo","Cx6iM5yUL3v","VvONVPlR2-O","YWj8vQro02v","3OyPTWKEVZX"],"resultsPage":1,"resultsPagesLoaded":1,"resultsTotal":7,"resultsMore":false}
