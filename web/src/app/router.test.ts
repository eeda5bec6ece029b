// Every page has an address that survives a reload and can be shared: these pin which hashes
// open which page, that an invite code rides along, and that links parse back to their page.
import { describe, expect, test } from "vitest";
import { links, parseRoute } from "./router";

describe("parseRoute", () => {
  test("the empty hash and the root are the landing page", () => {
    expect(parseRoute("")).toEqual({ page: "home" });
    expect(parseRoute("#/")).toEqual({ page: "home" });
  });

  test("the one-word pages", () => {
    for (const page of ["login", "lobby", "settings", "tournaments", "ratings"]) {
      expect(parseRoute(`#/${page}`)).toEqual({ page });
    }
    expect(parseRoute("#/lobby/")).toEqual({ page: "lobby" });
    expect(parseRoute("#/ratings/khartoum")).toEqual({ page: "ratings", game: "khartoum" });
    expect(parseRoute("#/ratings/no%20such")).toEqual({ page: "not-found", path: "/ratings/no%20such" });
  });

  test("a match, with or without its invite code", () => {
    expect(parseRoute("#/match/12")).toEqual({ page: "match", id: 12n, invite: "" });
    expect(parseRoute("#/match/12/k3y")).toEqual({ page: "match", id: 12n, invite: "k3y" });
    expect(parseRoute("#/replay/7/k3y")).toEqual({ page: "replay", id: 7n, invite: "k3y" });
    expect(parseRoute("#/join/7/k3y")).toEqual({ page: "join", id: 7n, invite: "k3y" });
  });

  test("ids are 64-bit: kept whole as bigints", () => {
    expect(parseRoute("#/match/18446744073709551615")).toMatchObject({ id: 18446744073709551615n });
  });

  test("a tournament takes an id and nothing after it", () => {
    expect(parseRoute("#/tournament/4")).toEqual({ page: "tournament", id: 4n });
    expect(parseRoute("#/tournament/4/extra")).toEqual({ page: "not-found", path: "/tournament/4/extra" });
  });

  test("anything else is not found, with the path it was given", () => {
    const strays = ["#/match", "#/match/abc", "#/match/-1", "#/match/123456789012345678901", "#/match/1/code/more"];
    for (const hash of [...strays, "#/lobby/2", "#/nowhere"]) {
      expect(parseRoute(hash)).toEqual({ page: "not-found", path: hash.slice(1) });
    }
  });
});

test("links lead back to the page they name", () => {
  expect(parseRoute(links.lobby)).toEqual({ page: "lobby" });
  expect(parseRoute(links.match(12n))).toEqual({ page: "match", id: 12n, invite: "" });
  expect(parseRoute(links.match(12n, "abc"))).toEqual({ page: "match", id: 12n, invite: "abc" });
  expect(parseRoute(links.replay(3n, "abc"))).toEqual({ page: "replay", id: 3n, invite: "abc" });
  expect(parseRoute(links.join(3n, "abc"))).toEqual({ page: "join", id: 3n, invite: "abc" });
});
