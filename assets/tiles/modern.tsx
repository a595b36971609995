<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="modern" tilewidth="32" tileheight="32" tilecount="17" columns="8">
 <image source="modern.png" width="256" height="96"/>
 <!-- 0: asphalt (no rules: open ground or decor) -->
 <!-- 1: lane_mark (no rules: open ground or decor) -->
 <!-- 2: concrete (no rules: open ground or decor) -->
 <!-- 3: warehouse_floor (no rules: open ground or decor) -->
 <!-- 4: car_red_front -->
 <tile id="4" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 5: car_red_middle -->
 <tile id="5" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 6: car_red_back -->
 <tile id="6" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 7: car_grey_front -->
 <tile id="7" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 8: car_grey_middle -->
 <tile id="8" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 9: car_grey_back -->
 <tile id="9" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 10: crate_stack -->
 <tile id="10" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 11: barrels -->
 <tile id="11" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 12: shelving -->
 <tile id="12" type="Terrain">
  <properties>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 13: roof (no rules: open ground or decor) -->
 <!-- 14: roof_edge (no rules: open ground or decor) -->
 <!-- 15: fire_escape -->
 <tile id="15" type="Terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <!-- 16: dumpster -->
 <tile id="16" type="Terrain">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
