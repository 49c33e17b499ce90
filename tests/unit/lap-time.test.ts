import { describe, expect, it } from "vitest";
import { parseLapTime } from "../../app/lib/lap-time";

describe("lap times typed at the lake", () => {
  it("keeps m:ss.cc and fills in what is left out", () => {
    expect(parseLapTime("1:45.23")).toBe("1:45.23");
    expect(parseLapTime(" 1:45.2 ")).toBe("1:45.20");
    expect(parseLapTime("1:45")).toBe("1:45.00");
    expect(parseLapTime("12:05,5")).toBe("12:05.50");
    expect(parseLapTime("0:09.99")).toBe("0:09.99");
  });

  it("reads digits alone from the right, as a number pad without a colon types them", () => {
    expect(parseLapTime("14523")).toBe("1:45.23");
    expect(parseLapTime("4523")).toBe("0:45.23");
    expect(parseLapTime("123456")).toBe("12:34.56");
    expect(parseLapTime("16000")).toBeNull(); // 60 seconds is not a seconds field
  });

  it("takes seconds alone, over a minute too", () => {
    expect(parseLapTime("45.2")).toBe("0:45.20");
    expect(parseLapTime("105.23")).toBe("1:45.23");
    expect(parseLapTime("59")).toBe("0:59.00");
  });

  it("refuses what is not a time", () => {
    for (const bad of ["", "abc", "1:75.00", "1:4", "1.2.3", "-1:00.00", "1:45.234", "1::45", "45s"]) {
      expect(parseLapTime(bad), bad).toBeNull();
    }
  });
});
