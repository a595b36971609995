<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="wilds" tilewidth="32" tileheight="32" tilecount="37" columns="8">
 <image source="wilds.png" width="256" height="160"/>
 <!-- 0: marsh_grass (no rules: open ground or decor) -->
 <!-- 1: marsh_grass_dark (no rules: open ground or decor) -->
 <!-- 2: bog -->
 <tile id="2" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 3: marsh_water -->
 <tile id="3" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 4: reeds -->
 <tile id="4" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
   <property name="obscured" propertytype="Obscured" value="light"/>
  </properties>
 </tile>
 <!-- 5: dead_tree -->
 <tile id="5" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 6: mossy_stone -->
 <tile id="6" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 7: boardwalk (no rules: open ground or decor) -->
 <!-- 8: plateau_grass (no rules: open ground or decor) -->
 <!-- 9: rock_floor (no rules: open ground or decor) -->
 <!-- 10: scree -->
 <tile id="10" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 11: stairs -->
 <tile id="11" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 12: chasm (no rules: open ground or decor) -->
 <!-- 13: chasm_lip (no rules: open ground or decor) -->
 <!-- 14: bridge -->
 <tile id="14" type="Terrain">
  <properties>
   <property name="elevation_ft" type="int" value="0"/>
  </properties>
 </tile>
 <!-- 15: boulder -->
 <tile id="15" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 16: arrow_slit -->
 <tile id="16" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 17: low_wall_n (no rules: open ground or decor) -->
 <!-- 18: low_wall_w (no rules: open ground or decor) -->
 <!-- 19: low_wall_nw (no rules: open ground or decor) -->
 <!-- 20: tower_floor (no rules: open ground or decor) -->
 <!-- 21: force_wall -->
 <tile id="21" type="Terrain">
  <properties>
   <property name="blocks_effect" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 22: curtain -->
 <tile id="22" type="Terrain">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 23: bookshelf -->
 <tile id="23" type="Terrain">
  <properties>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 24: glyph -->
 <tile id="24" type="Terrain">
  <properties>
   <property name="hazard" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 25: portal_sun (no rules: open ground or decor) -->
 <!-- 26: portal_moon (no rules: open ground or decor) -->
 <!-- 27: lantern (no rules: open ground or decor) -->
 <!-- 28: haze (no rules: open ground or decor) -->
 <!-- 29: mist (no rules: open ground or decor) -->
 <!-- 30: gloom (no rules: open ground or decor) -->
 <!-- 31: cliff_n (no rules: open ground or decor) -->
 <!-- 32: cliff_w (no rules: open ground or decor) -->
 <!-- 33: cliff_e (no rules: open ground or decor) -->
 <!-- 34: cliff_rim (no rules: open ground or decor) -->
 <!-- 35: tower_floor_runes (no rules: open ground or decor) -->
 <!-- 36: rock_ledge (no rules: open ground or decor) -->
</tileset>
