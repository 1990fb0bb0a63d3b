/**
 * Sight on the map (seed 004 "벽", "인접판정"): the straight line between the centres of two
 * spaces, move by move, as lines of sight and protection walk it.
 */
import { board } from "../src";

const sq = (x: number, y: number) => ({ x, y });

describe("seed 004 벽: the line between two spaces", () => {
  test("a straight line moves space by space; a diagonal runs through corners, with the two spaces beside each", () => {
    expect(board.transitions(sq(3, 3), sq(3, 3))).toEqual([]);
    expect(board.transitions(sq(0, 5), sq(2, 5))).toEqual([
      { from: sq(0, 5), to: sq(1, 5) },
      { from: sq(1, 5), to: sq(2, 5) },
    ]);
    expect(board.transitions(sq(0, 0), sq(2, 2))).toEqual([
      { from: sq(0, 0), to: sq(1, 1), corner: [sq(1, 0), sq(0, 1)] },
      { from: sq(1, 1), to: sq(2, 2), corner: [sq(2, 1), sq(1, 2)] },
    ]);
  });

  test("a line at a slant enters each space it crosses: 0,0 to 2,1 by 1,0 and 1,1; 0,0 to 3,1 through the corner between 2,0 and 1,1", () => {
    expect(board.transitions(sq(0, 0), sq(2, 1))).toEqual([
      { from: sq(0, 0), to: sq(1, 0) },
      { from: sq(1, 0), to: sq(1, 1) },
      { from: sq(1, 1), to: sq(2, 1) },
    ]);
    expect(board.transitions(sq(0, 0), sq(3, 1))).toEqual([
      { from: sq(0, 0), to: sq(1, 0) },
      { from: sq(1, 0), to: sq(2, 1), corner: [sq(2, 0), sq(1, 1)] },
      { from: sq(2, 1), to: sq(3, 1) },
    ]);
  });
});
