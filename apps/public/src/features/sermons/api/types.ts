/** A published sermon as /sermons reads it (table sermons; spec §3 Sermon). */
export interface SermonRow {
  id: string;
  title: string;
  description: string | null;
  speaker: string;
  sermon_date: string;
  audio_url: string | null;
  video_url: string | null;
  notes_url: string | null;
  series: string | null;
  tags: string[];
  /** Kiswahili title and description (optional; the English ones when empty). */
  title_sw?: string | null;
  description_sw?: string | null;
}

/** An active series (table sermon_series): progress is current_message of message_count. */
export interface SeriesRow {
  id: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  message_count: number;
  current_message: number;
  start_date: string | null;
  topics: string[];
  /** Kiswahili texts (optional; the English ones when empty, per field). */
  title_sw?: string | null;
  subtitle_sw?: string | null;
  description_sw?: string | null;
  topics_sw?: string[] | null;
}
