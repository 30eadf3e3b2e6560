count: 0
photos> count 4
count: 4
photos> fetch
Fetched 4 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  4  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
● ○ ○ ○  1/4
photos> open 3
Photo 3 of 4
  id           WJAFXn85P28
  description  glass building reflecting clouds
  author       Ines García (@ines_garcia)
  likes        ♥ 70
  size         6000 × 4000
  url          https://images.unsplash.com/photo-1502895219752-7057502e8539?ixid=M3w0ICYhd9MLhnlAC98s&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 3> edit
Move photo 3 to which position? (1…4)
  1  2  [3]  4
Type 'move N' to save it, or 'cancel'.
photos/detail 3/index> cancel
Photo 3 of 4
  id           WJAFXn85P28
  description  glass building reflecting clouds
  author       Ines García (@ines_garcia)
  likes        ♥ 70
  size         6000 × 4000
  url          https://images.unsplash.com/photo-1502895219752-7057502e8539?ixid=M3w0ICYhd9MLhnlAC98s&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 3> edit
Move photo 3 to which position? (1…4)
  1  2  [3]  4
Type 'move N' to save it, or 'cancel'.
photos/detail 3/index> back
Photo 3 of 4
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
  4  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
○ ○ ● ○  3/4
photos> state --json
{"stack":["collection"],"count":4,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28","p4BlJ6DLpdE"],"page":3,"source":"embedded","layout":"list"}
