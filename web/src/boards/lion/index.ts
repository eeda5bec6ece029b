// The Lion of Khartoum's board as the client finds it (boards/found.ts).
import { LionViewSchema } from "../../gen/lion_pb";
import { LionDataSchema } from "../../gen/lion_data_pb";
import { defineBoard } from "../game-board";
import { LionBoard } from "./board";
import { LionDetails } from "./details";

export const board = defineBoard({
  schema: LionViewSchema,
  Board: LionBoard,
  data: { lion: LionDataSchema },
  Details: LionDetails,
});
