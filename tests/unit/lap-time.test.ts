import { describe, expect, it } from "vitest";
import { lapTimeMillis, parseLapTime } from "~/lib/race-day/lap-time";

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

describe("stored lap times as milliseconds (racer history)", () => {
  it("reads seconds, minutes and hours", () => {
    expect(lapTimeMillis("41.9")).toBe(41_900);
    expect(lapTimeMillis("0:41.90")).toBe(41_900);
    expect(lapTimeMillis(" 1:02.5 ")).toBe(62_500);
    expect(lapTimeMillis("1:02:03.5")).toBe(3_723_500);
    expect(lapTimeMillis("59")).toBe(59_000);
    expect(lapTimeMillis("1,5")).toBe(1_500);
  });

  it("refuses what is not a lap time, and zero", () => {
    for (const text of [null, undefined, "", "DNF", "1:75.0", "1:60:00", "0", "0:00.00", "1:2:3:4", "-1", "abc:12"]) {
      expect(lapTimeMillis(text), String(text)).toBeNull();
    }
  });

  it("orders as times, not as text", () => {
    expect(lapTimeMillis("59.9")! < lapTimeMillis("1:00.1")!).toBe(true);
    expect(lapTimeMillis("9.5")! < lapTimeMillis("10.1")!).toBe(true);
  });

  it("agrees with the normalized text the editor stores", () => {
    expect(parseLapTime("1:02:03.5")).toBe("62:03.50");
    expect(lapTimeMillis(parseLapTime("14523"))).toBe(105_230);
  });
});
