count: 0
photos> next
No photos yet: type 'fetch' first.
photos> count 3
count: 3
photos> fetch
Fetched 3 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
● ○ ○  1/3
photos> prev
Already on the first page.
● ○ ○  1/3
photos> next
▸ 2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
○ ● ○  2/3
photos> next
▸ 3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
○ ○ ●  3/3
photos> next
Already on the last page.
○ ○ ●  3/3
photos> page 1
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
● ○ ○  1/3
photos> list
3 photos:
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
  3  WJAFXn85P28  glass building reflecting clouds  Ines García         ♥ 70
● ○ ○  1/3
photos> open
Photo 1 of 3
  id           2Tr0D_iV2WQ
  description  Hot air balloons over a valley
  author       Anna García (@annagarcia94)
  likes        ♥ 101
  size         4000 × 6000
  url          https://images.unsplash.com/photo-1543470037843-4b920a7beea2?ixid=M3wpf0XfjGFqNHvEVKGO&ixlib=rb-4.0.3&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max
