// Asia Crossroads' board as the client finds it (boards/found.ts).
import { CrossroadsViewSchema } from "../../gen/crossroads_pb";
import { MapDataSchema, TablesDataSchema } from "../../gen/crossroads_data_pb";
import { defineBoard } from "../game-board";
import { CrossroadsBoard } from "./board";
import { CrossroadsDetails } from "./details";

export const board = defineBoard({
  schema: CrossroadsViewSchema,
  Board: CrossroadsBoard,
  data: { crossroads_map: MapDataSchema, crossroads_tables: TablesDataSchema },
  Details: CrossroadsDetails,
});
