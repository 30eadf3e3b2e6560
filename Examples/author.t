count: 0
photos> count 5
count: 5
photos> fetch
Fetched 5 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  4  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
  5  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
● ○ ○ ○ ○  1/5
photos> open 2
Photo 2 of 5
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> state --json
{"stack":["collection","detail"],"count":5,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28","p4BlJ6DLpdE","3OyPTWKEVZX"],"page":2,"source":"embedded","layout":"list","index":2}
photos/detail 2> author
Anna García (@annagarcia94)
  location  Vancouver
  bio       Cats, trams and rainy cities.
  totals    127 photos · 24 liked
6 of their 127 photos:
▸ 1  s-BzCPRuNuj  Street Market In The Old Town     ♥ 35
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    ♥ 42
  3  a2cxzfkMfvb  Snowy Mountain Ridge Under A Bl…  ♥ 49
  4  2Tr0D_iV2WQ  Hot air balloons over a valley    ♥ 101
  5  2EnNoDy8ZDC  Rice Terraces In The Morning      ♥ 33
  6  32wo9AI8OGh  Waves Breaking On A Black Sand …  ♥ 30
● ○ ○ ○ ○ ○  1/6
photos/detail 2/author> state --json
{"stack":["collection","detail","author"],"count":5,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28","p4BlJ6DLpdE","3OyPTWKEVZX"],"page":2,"source":"embedded","layout":"list","index":2,"author":"annagarcia94","authorPhotos":["s-BzCPRuNuj","CDA5yLnU5qR","a2cxzfkMfvb","2Tr0D_iV2WQ","2EnNoDy8ZDC","32wo9AI8OGh"],"authorPage":1}
photos/detail 2/author> next
▸ 2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    ♥ 42
○ ● ○ ○ ○ ○  2/6
photos/detail 2/author> open 1
Photo 1 of 6
  id           s-BzCPRuNuj
  description  Street Market In The Old Town
  author       Anna García (@annagarcia94)
  likes        ♥ 35
  size         4160 × 6240
  url          https://images.unsplash.com/photo-1546772016110-fbb6c70bce51?ixid=M3wvoi5WBkFW6vp1cit8&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2/author/detail 1> state --json
{"stack":["collection","detail","author","detail"],"count":5,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28","p4BlJ6DLpdE","3OyPTWKEVZX"],"page":2,"source":"embedded","layout":"list","index":2,"author":"annagarcia94","authorPhotos":["s-BzCPRuNuj","CDA5yLnU5qR","a2cxzfkMfvb","2Tr0D_iV2WQ","2EnNoDy8ZDC","32wo9AI8OGh"],"authorPage":1,"authorIndex":1}
photos/detail 2/author/detail 1> back
Anna García (@annagarcia94)
  location  Vancouver
  bio       Cats, trams and rainy cities.
  totals    127 photos · 24 liked
6 of their 127 photos:
▸ 1  s-BzCPRuNuj  Street Market In The Old Town     ♥ 35
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    ♥ 42
  3  a2cxzfkMfvb  Snowy Mountain Ridge Under A Bl…  ♥ 49
  4  2Tr0D_iV2WQ  Hot air balloons over a valley    ♥ 101
  5  2EnNoDy8ZDC  Rice Terraces In The Morning      ♥ 33
  6  32wo9AI8OGh  Waves Breaking On A Black Sand …  ♥ 30
● ○ ○ ○ ○ ○  1/6
photos/detail 2/author> state --json
{"stack":["collection","detail","author"],"count":5,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28","p4BlJ6DLpdE","3OyPTWKEVZX"],"page":2,"source":"embedded","layout":"list","index":2,"author":"annagarcia94","authorPhotos":["s-BzCPRuNuj","CDA5yLnU5qR","a2cxzfkMfvb","2Tr0D_iV2WQ","2EnNoDy8ZDC","32wo9AI8OGh"],"authorPage":1}
photos/detail 2/author> back
Photo 2 of 5
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> state --json
{"stack":["collection","detail"],"count":5,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28","p4BlJ6DLpdE","3OyPTWKEVZX"],"page":2,"source":"embedded","layout":"list","index":2}
photos/detail 2> back
Photo 2 stays at position 2.
  1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
▸ 2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
  4  p4BlJ6DLpdE  A Bowl Of Ramen With Egg          Chloé Dubois        ♥ 26
  5  3OyPTWKEVZX  brown wheat field under white c…  Noah Moreau         ♥ 1,587
○ ● ○ ○ ○  2/5
photos> state --json
{"stack":["collection"],"count":5,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR","WJAFXn85P28","p4BlJ6DLpdE","3OyPTWKEVZX"],"page":2,"source":"embedded","layout":"list"}
