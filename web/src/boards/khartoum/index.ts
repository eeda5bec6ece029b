// Khartoum's board as the client finds it (boards/found.ts).
import { KhartoumViewSchema } from "../../gen/khartoum_pb";
import { ScenarioDataSchema } from "../../gen/hand_of_destiny_data_pb";
import { defineBoard } from "../game-board";
import { KhartoumBoard } from "./board";
import { KhartoumDetails } from "./details";

export const board = defineBoard({
  schema: KhartoumViewSchema,
  Board: KhartoumBoard,
  data: { khartoum: ScenarioDataSchema },
  Details: KhartoumDetails,
});
