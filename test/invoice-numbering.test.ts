import { formatNumber, NEVER_RESET_PERIOD, periodKey } from "../src/services/invoice/invoice-numbering";

const d = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe("invoice numbering: periods", () => {
  it("names the counter period a date falls in, per reset interval", () => {
    expect(periodKey("P1M", d("2026-11-02"))).toBe("2026-11");
    expect(periodKey("P1M", d("2026-01-31"))).toBe("2026-01");
    expect(periodKey("P1Y", d("2026-11-02"))).toBe("2026");
    expect(periodKey("P3M", d("2026-11-02"))).toBe("2026-Q4");
    expect(periodKey("P3M", d("2026-03-31"))).toBe("2026-Q1");
    expect(periodKey("P1D", d("2026-11-02"))).toBe("2026-11-02");
    expect(periodKey(null, d("2026-11-02"))).toBe(NEVER_RESET_PERIOD);
  });

  it("a month boundary is a new period for P1M and not for P1Y", () => {
    expect(periodKey("P1M", d("2026-10-31"))).not.toBe(periodKey("P1M", d("2026-11-01")));
    expect(periodKey("P1Y", d("2026-10-31"))).toBe(periodKey("P1Y", d("2026-11-01")));
    expect(periodKey("P1Y", d("2026-12-31"))).not.toBe(periodKey("P1Y", d("2027-01-01")));
  });

  it("uses the UTC calendar date", () => {
    expect(periodKey("P1M", new Date("2026-10-31T23:30:00.000Z"))).toBe("2026-10");
  });

  it("has no period for an interval it does not support", () => {
    expect(periodKey("P2W", d("2026-11-02"))).toBeUndefined();
    expect(periodKey("monthly", d("2026-11-02"))).toBeUndefined();
  });
});

describe("invoice numbering: patterns", () => {
  it("writes {number} padded to leadingZero digits and the date tokens", () => {
    expect(formatNumber("FV/{number}/{MM}/{YYYY}", 7, 4, d("2026-11-02"))).toBe("FV/0007/11/2026");
    expect(formatNumber("PF/{number}/{YYYY}", 12, 3, d("2026-01-05"))).toBe("PF/012/2026");
    expect(formatNumber("{YY}{MM}{DD}-{number}", 3, 0, d("2026-01-05"))).toBe("260105-3");
  });

  it("does not cut numbers longer than the padding", () => {
    expect(formatNumber("FV/{number}", 12345, 3, d("2026-11-02"))).toBe("FV/12345");
    expect(formatNumber("FV/{number}", 5, 0, d("2026-11-02"))).toBe("FV/5");
  });

  it("keeps other text, and replaces every occurrence of a token", () => {
    expect(formatNumber("{YYYY}/{number}/{YYYY} {unknown}", 1, 2, d("2026-11-02"))).toBe("2026/01/2026 {unknown}");
  });
});
