count: 0
photos> fech
error: unknown command 'fech': did you mean 'fetch'? (type 'help' for the commands here)
photos> count x
error: count takes +, - or a number 0…30, not 'x' (type e.g. 'count 5')
photos> count 31
error: count must be within 0…30, not 31 (type e.g. 'count 5')
photos> page 1
error: there are no photos to page through yet: type 'fetch' first
photos> open 1
error: there are no photos to open yet: type 'fetch' first
photos> count 2
count: 2
photos> fetch 2
error: 'fetch' takes no arguments (usage: fetch)
photos> fetch
Fetched 2 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
● ○  1/2
photos> page 3
error: there is no page 3: pages are 1…2 (type e.g. 'page 2')
photos> page two
error: 'two' is not a page: type a whole number, e.g. 'page 1'
photos> open 0
error: there is no photo 0: positions are 1…2 (type e.g. 'open 2')
photos> move 1
error: 'move' works in the detail and index-edit scenes, not in collection (type 'help' for the commands here)
photos> state --yaml
error: 'state' takes only --json, not '--yaml' (usage: state [--json])
photos> "unterminated
error: missing closing ": close the quote, or escape it as \"
photos> count 2
count: 2
photos> fetch
Fetched 2 photos.
▸ 1  ZceAiBCnTts  Neon signs in a narrow alley.     Ines García         ♥ 49
  2  kS18g-9jDjm  Close-up of a monstera leaf       Ravi Kim            ♥ 44
● ○  1/2
photos> open 1
Photo 1 of 2
  id           ZceAiBCnTts
  description  Neon signs in a narrow alley.
  author       Ines García (@ines_garcia)
  likes        ♥ 49
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1529330752840-8da38f67843c?ixid=M3w2RzscBxAqY2XEtdEu&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 1> author
Ines García (@ines_garcia)
  bio     Freelance photographer. Mostly film.
  totals  138 photos · 22 liked
6 of their 138 photos:
▸ 1  I3QPBgqwmK0  assorted hot air balloons flying  ♥ 57
  2  ZceAiBCnTts  Neon signs in a narrow alley.     ♥ 49
  3  WJAFXn85P28  glass building reflecting clouds  ♥ 70
  4  AtL1rd9Pw3O  Misty pine forest at sunrise.     ♥ 49
  5  1X2HrP6Y7Gx  Rice terraces in the morning.     ♥ 46
  6  YVPblkTsAaY  Desert dunes at dusk.             ♥ 75
● ○ ○ ○ ○ ○  1/6
photos/detail 1/author> open 9
error: there is no photo 9: positions are 1…6 (type e.g. 'open 6')
photos/detail 1/author> open 1
Photo 1 of 6
  id           I3QPBgqwmK0
  description  assorted hot air balloons flying
  author       Ines García (@ines_garcia)
  likes        ♥ 57
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1572562305613-5ab0a3c31d76?ixid=M3weKs1BF50fTsYMDVgI&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 1/author/detail 1> move 1
error: this photo was opened from the photographer's photos, and moving applies to the collection's own list: type 'back' until the prompt is 'photos>', then open the photo there
photos/detail 1/author/detail 1> edit
error: this photo was opened from the photographer's photos, and moving applies to the collection's own list: type 'back' until the prompt is 'photos>', then open the photo there
photos/detail 1/author/detail 1> back
Ines García (@ines_garcia)
  bio     Freelance photographer. Mostly film.
  totals  138 photos · 22 liked
6 of their 138 photos:
▸ 1  I3QPBgqwmK0  assorted hot air balloons flying  ♥ 57
  2  ZceAiBCnTts  Neon signs in a narrow alley.     ♥ 49
  3  WJAFXn85P28  glass building reflecting clouds  ♥ 70
  4  AtL1rd9Pw3O  Misty pine forest at sunrise.     ♥ 49
  5  1X2HrP6Y7Gx  Rice terraces in the morning.     ♥ 46
  6  YVPblkTsAaY  Desert dunes at dusk.             ♥ 75
● ○ ○ ○ ○ ○  1/6
photos/detail 1/author> back
Photo 1 of 2
  id           ZceAiBCnTts
  description  Neon signs in a narrow alley.
  author       Ines García (@ines_garcia)
  likes        ♥ 49
  size         7952 × 5304
  url          https://images.unsplash.com/photo-1529330752840-8da38f67843c?ixid=M3w2RzscBxAqY2XEtdEu&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
photos/detail 1> back
Photo 1 stays at position 1.
▸ 1  ZceAiBCnTts  Neon signs in a narrow alley.     Ines García         ♥ 49
  2  kS18g-9jDjm  Close-up of a monstera leaf       Ravi Kim            ♥ 44
● ○  1/2
