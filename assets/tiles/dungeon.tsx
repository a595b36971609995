<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="dungeon" tilewidth="32" tileheight="32" tilecount="16" columns="8">
 <image source="dungeon.png" width="256" height="64"/>
 <!-- 0: floor_stone (open ground) -->
 <!-- 1: floor_stone_worn (open ground) -->
 <!-- 2: floor_stone_cracked (open ground) -->
 <!-- 3: floor_grass (open ground) -->
 <!-- 4: floor_dirt (open ground) -->
 <!-- 5: wall -->
 <tile id="5">
  <properties>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 6: wall_top -->
 <tile id="6">
  <properties>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 7: rubble -->
 <tile id="7">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 8: rubble_masonry -->
 <tile id="8">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 9: broken_pillar -->
 <tile id="9">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 10: crate -->
 <tile id="10">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 11: statue_base -->
 <tile id="11">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 12: mud -->
 <tile id="12">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 13: shallow_water -->
 <tile id="13">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 14: fog_light -->
 <tile id="14">
  <properties>
   <property name="obscured" value="light"/>
  </properties>
 </tile>
 <!-- 15: darkness -->
 <tile id="15">
  <properties>
   <property name="obscured" value="heavy"/>
  </properties>
 </tile>
</tileset>
