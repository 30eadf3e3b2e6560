# photorepl: --preview ascii --preview-size 40x12
count: 0
photos> count 3
count: 3
photos> fetch
Fetched 3 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
● ○ ○  1/3
photos> next
===----------------
==============-----
++++===============
+++++++++++++++====
***++++++++++++++==
****+++++++++++++==
▸ 2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
○ ● ○  2/3
photos> open 3
========--------------------------:::
=========-----------=======---------:
+===========----==============-------
+++++++===========================---
+++++++++++======+++++++++++++=======
******+++++++++++++++++++++++++++++==
*********++++++++++**********++++++++
##*******************************++++
######*******************************
########************#########********
#########**********############******
#########*********##############*****
Photo 3 of 3
  id           WJAFXn85P28
  description  glass building reflecting clouds
  author       Ines García (@ines_garcia)
  likes        ♥ 70
  size         6000 × 4000
  url          https://images.unsplash.com/photo-1502895219752-7057502e8539?ixid=M3w0ICYhd9MLhnlAC98s&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 3> show
========--------------------------:::
=========-----------=======---------:
+===========----==============-------
+++++++===========================---
+++++++++++======+++++++++++++=======
******+++++++++++++++++++++++++++++==
*********++++++++++**********++++++++
##*******************************++++
######*******************************
########************#########********
#########**********############******
#########*********##############*****
Photo 3 of 3
  id           WJAFXn85P28
  description  glass building reflecting clouds
  author       Ines García (@ines_garcia)
  likes        ♥ 70
  size         6000 × 4000
  url          https://images.unsplash.com/photo-1502895219752-7057502e8539?ixid=M3w0ICYhd9MLhnlAC98s&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 3> back
Photo 3 stays at position 3.
  1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
▸ 3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
○ ○ ●  3/3
photos> state --json
{"stack":["collection"],"count":3,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28"],"page":3,"source":"embedded","layout":"list"}
