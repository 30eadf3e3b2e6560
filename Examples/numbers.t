count: 0
photos> count -9223372036854775808
error: count must be within 0…30, not -9223372036854775808 (type e.g. 'count 5')
photos> count 9223372036854775807
error: count must be within 0…30, not 9223372036854775807 (type e.g. 'count 5')
photos> count 99999999999999999999
error: count must be within 0…30, not 99999999999999999999 (type e.g. 'count 5')
photos> count 3
count: 3
photos> fetch
Fetched 3 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
● ○ ○  1/3
photos> page -9223372036854775808
error: there is no page -9223372036854775808: pages are 1…3 (type e.g. 'page 3')
photos> page 9223372036854775807
error: there is no page 9223372036854775807: pages are 1…3 (type e.g. 'page 3')
photos> page -9223372036854775806
error: there is no page -9223372036854775806: pages are 1…3 (type e.g. 'page 3')
photos> page 99999999999999999999
error: there is no page 99999999999999999999: pages are 1…3 (type e.g. 'page 3')
photos> page -99999999999999999999
error: there is no page -99999999999999999999: pages are 1…3 (type e.g. 'page 3')
photos> grid 9223372036854775807
error: there is no sheet 9223372036854775807: sheets are 1…1 (type e.g. 'grid 1')
photos> grid 99999999999999999999
error: there is no sheet 99999999999999999999: sheets are 1…1 (type e.g. 'grid 1')
photos> grid -99999999999999999999
error: there is no sheet -99999999999999999999: sheets are 1…1 (type e.g. 'grid 1')
photos> open -9223372036854775808
error: there is no photo -9223372036854775808: positions are 1…3 (type e.g. 'open 3')
photos> open 9223372036854775807
error: there is no photo 9223372036854775807: positions are 1…3 (type e.g. 'open 3')
photos> open 99999999999999999999
error: there is no photo 99999999999999999999: positions are 1…3 (type e.g. 'open 3')
photos> open 2
Photo 2 of 3
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> move -9223372036854775808
Move photo 2 to which position? (1…3)
  1  [2]  3
Type 'move N' to save it, or 'cancel'.
[An error occurred] An invalid value was passed: -9223372036854775808 is not a position; choose a position from 1 to 3.
photos/detail 2/index> cancel
Photo 2 of 3
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> move 9223372036854775807
Move photo 2 to which position? (1…3)
  1  [2]  3
Type 'move N' to save it, or 'cancel'.
[An error occurred] An invalid value was passed: 9223372036854775807 is not a position; choose a position from 1 to 3.
photos/detail 2/index> cancel
Photo 2 of 3
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> move 99999999999999999999
Move photo 2 to which position? (1…3)
  1  [2]  3
Type 'move N' to save it, or 'cancel'.
[An error occurred] An invalid value was passed: 99999999999999999999 is not a position; choose a position from 1 to 3.
photos/detail 2/index> move -99999999999999999999
[An error occurred] An invalid value was passed: -99999999999999999999 is not a position; choose a position from 1 to 3.
photos/detail 2/index> cancel
Photo 2 of 3
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
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
photos/detail 2/author> page -9223372036854775808
error: there is no page -9223372036854775808: pages are 1…6 (type e.g. 'page 6')
photos/detail 2/author> page 9223372036854775807
error: there is no page 9223372036854775807: pages are 1…6 (type e.g. 'page 6')
photos/detail 2/author> open -9223372036854775808
error: there is no photo -9223372036854775808: positions are 1…6 (type e.g. 'open 6')
photos/detail 2/author> open 9223372036854775807
error: there is no photo 9223372036854775807: positions are 1…6 (type e.g. 'open 6')
photos/detail 2/author> open -99999999999999999999
error: there is no photo -99999999999999999999: positions are 1…6 (type e.g. 'open 6')
photos/detail 2/author> back
Photo 2 of 3
  id           CDA5yLnU5qR
  description  Autumn Leaves On A Forest Path
  author       Anna García (@annagarcia94)
  likes        ♥ 42
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1583147393076-2275caeebff8?ixid=M3wCc0jKe7cvz5IyFqB7&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 2> back
Photo 2 stays at position 2.
  1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
▸ 2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
○ ● ○  2/3
photos> state
stack: collection
collection:
  count: 3
  photos: 2Tr0D_iV2WQ CDA5yLnU5qR WJAFXn85P28
  page: 2
  source: embedded
  layout: list
