//! How long backups are kept (System Settings: `backup_keep`, `backup_keep_days`): the newest
//! `keep` always, and with `days` every backup needed to restore any moment of the last `days`
//! days. Pure: the callers list and delete.

use chrono::{DateTime, Utc};

/// The retention settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// The newest backups always kept (at least one).
    pub keep: usize,
    /// Days any moment of which stays restorable; 0 keeps by count alone.
    pub days: u32,
}

impl Retention {
    /// How many of the oldest backups can go at `now`, given when each finished (oldest first).
    /// A backup finished at or before the window's start is the one a restore to that start
    /// needs, so only those older than the newest such backup can go — and never one of the
    /// newest `keep`.
    pub fn excess(&self, finished: &[DateTime<Utc>], now: DateTime<Utc>) -> usize {
        let by_count = finished.len().saturating_sub(self.keep.max(1));
        if self.days == 0 {
            return by_count;
        }
        let start = now - chrono::Duration::days(i64::from(self.days));
        let by_days = finished.iter().rposition(|t| *t <= start).unwrap_or(0);
        by_count.min(by_days)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn day(d: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, d, 1, 0, 0).unwrap()
    }

    #[test]
    fn by_count_the_newest_stay_and_always_one() {
        let daily: Vec<_> = (1..=10).map(day).collect();
        let now = day(10);
        assert_eq!(Retention { keep: 7, days: 0 }.excess(&daily, now), 3);
        assert_eq!(Retention { keep: 20, days: 0 }.excess(&daily, now), 0);
        assert_eq!(Retention { keep: 0, days: 0 }.excess(&daily, now), 9);
        assert_eq!(Retention { keep: 3, days: 0 }.excess(&[], now), 0);
    }

    #[test]
    fn by_days_the_backup_that_covers_the_window_start_stays() {
        let daily: Vec<_> = (1..=10).map(day).collect();
        // Noon on the 10th, three days: the window starts at noon on the 7th, which the backup
        // of the 7th (01:00) covers; the 1st to the 6th can go.
        let now = day(10) + chrono::Duration::hours(11);
        assert_eq!(Retention { keep: 1, days: 3 }.excess(&daily, now), 6);
        // The count keeps more than the days would: the count wins.
        assert_eq!(Retention { keep: 7, days: 3 }.excess(&daily, now), 3);
        // Days reaching before the first backup keep everything.
        assert_eq!(Retention { keep: 1, days: 30 }.excess(&daily, now), 0);
        // Weekly backups, 10 days: the one of the 1st covers the window's start (the 1st, noon).
        let weekly = [day(1), day(8)];
        assert_eq!(
            Retention { keep: 1, days: 10 }.excess(&weekly, day(11) + chrono::Duration::hours(11)),
            0
        );
        assert_eq!(
            Retention { keep: 1, days: 2 }.excess(&weekly, day(11) + chrono::Duration::hours(11)),
            1
        );
    }
}
