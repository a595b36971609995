<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="dungeon" tilewidth="32" tileheight="32" tilecount="16" columns="8">
 <image source="dungeon.png" width="256" height="64"/>
 <!-- 0: floor_stone (no rules: open ground or decor) -->
 <!-- 1: floor_stone_worn (no rules: open ground or decor) -->
 <!-- 2: floor_stone_cracked (no rules: open ground or decor) -->
 <!-- 3: floor_grass (no rules: open ground or decor) -->
 <!-- 4: floor_dirt (no rules: open ground or decor) -->
 <!-- 5: wall -->
 <tile id="5" type="Terrain">
  <properties>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 6: wall_top -->
 <tile id="6" type="Terrain">
  <properties>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 7: rubble -->
 <tile id="7" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 8: rubble_masonry -->
 <tile id="8" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 9: broken_pillar -->
 <tile id="9" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 10: crate -->
 <tile id="10" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 11: statue_base -->
 <tile id="11" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 12: mud -->
 <tile id="12" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 13: shallow_water -->
 <tile id="13" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 14: fog_light -->
 <tile id="14" type="Terrain">
  <properties>
   <property name="obscured" propertytype="Obscured" value="light"/>
  </properties>
 </tile>
 <!-- 15: darkness -->
 <tile id="15" type="Terrain">
  <properties>
   <property name="obscured" propertytype="Obscured" value="heavy"/>
  </properties>
 </tile>
</tileset>
