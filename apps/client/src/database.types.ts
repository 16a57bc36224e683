// A hand-made stand-in for `kanisa gen types`, in the shape it writes (Supabase's generated
// layout), with the tables, view and functions the client's tests use. `kanisa gen types`
// replaces this file with every table of the schema.
/* eslint-disable @typescript-eslint/consistent-type-definitions, @typescript-eslint/consistent-indexed-object-style */

export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      events: {
        Row: {
          attendees: string | null
          category: string | null
          cost: number
          created_at: string
          created_by: string | null
          department: string | null
          description: string | null
          end_date: string | null
          event_type: Database["public"]["Enums"]["events_event_type"] | null
          id: string
          is_published: boolean
          location: string | null
          max_attendees: number | null
          requires_registration: boolean
          start_date: string
          title: string
          updated_at: string
        }
        Insert: {
          attendees?: string | null
          category?: string | null
          cost?: number
          created_at?: string
          created_by?: string | null
          department?: string | null
          description?: string | null
          end_date?: string | null
          event_type?: Database["public"]["Enums"]["events_event_type"] | null
          id?: string
          is_published?: boolean
          location?: string | null
          max_attendees?: number | null
          requires_registration?: boolean
          start_date: string
          title: string
          updated_at?: string
        }
        Update: {
          attendees?: string | null
          category?: string | null
          cost?: number
          created_at?: string
          created_by?: string | null
          department?: string | null
          description?: string | null
          end_date?: string | null
          event_type?: Database["public"]["Enums"]["events_event_type"] | null
          id?: string
          is_published?: boolean
          location?: string | null
          max_attendees?: number | null
          requires_registration?: boolean
          start_date?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "events_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      giving_records: {
        Row: {
          amount: number
          created_at: string
          created_by: string | null
          giving_date: string
          giving_type: Database["public"]["Enums"]["giving_records_giving_type"]
          id: string
          is_verified: boolean
          member_id: string | null
          notes: string | null
          payment_method: Database["public"]["Enums"]["giving_records_payment_method"]
          transaction_id: string | null
          updated_at: string
        }
        Insert: {
          amount: number
          created_at?: string
          created_by?: string | null
          giving_date?: string
          giving_type?: Database["public"]["Enums"]["giving_records_giving_type"]
          id?: string
          is_verified?: boolean
          member_id?: string | null
          notes?: string | null
          payment_method?: Database["public"]["Enums"]["giving_records_payment_method"]
          transaction_id?: string | null
          updated_at?: string
        }
        Update: {
          amount?: number
          created_at?: string
          created_by?: string | null
          giving_date?: string
          giving_type?: Database["public"]["Enums"]["giving_records_giving_type"]
          id?: string
          is_verified?: boolean
          member_id?: string | null
          notes?: string | null
          payment_method?: Database["public"]["Enums"]["giving_records_payment_method"]
          transaction_id?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "giving_records_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "giving_records_member_id_fkey"
            columns: ["member_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id"]
          },
        ]
      }
      members: {
        Row: {
          address: string | null
          baptism_date: string | null
          created_at: string
          date_of_birth: string | null
          email: string | null
          emergency_contact: Json | null
          first_name: string
          full_name: string | null
          id: string
          is_active: boolean
          last_name: string
          marital_status: Database["public"]["Enums"]["members_marital_status"] | null
          membership_date: string | null
          membership_number: string | null
          phone: string | null
          updated_at: string
          user_id: string | null
        }
        Insert: {
          address?: string | null
          baptism_date?: string | null
          created_at?: string
          date_of_birth?: string | null
          email?: string | null
          emergency_contact?: Json | null
          first_name: string
          full_name?: never
          id?: string
          is_active?: boolean
          last_name: string
          marital_status?: Database["public"]["Enums"]["members_marital_status"] | null
          membership_date?: string | null
          membership_number?: string | null
          phone?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          address?: string | null
          baptism_date?: string | null
          created_at?: string
          date_of_birth?: string | null
          email?: string | null
          emergency_contact?: Json | null
          first_name?: string
          full_name?: never
          id?: string
          is_active?: boolean
          last_name?: string
          marital_status?: Database["public"]["Enums"]["members_marital_status"] | null
          membership_date?: string | null
          membership_number?: string | null
          phone?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          attachments: Json
          completed_at: string | null
          created_at: string
          department: string | null
          email_error: string | null
          email_sent_at: string | null
          email_simulated: boolean
          id: string
          message: string
          priority: Database["public"]["Enums"]["messages_priority"]
          read_at: string | null
          recipient_email: string | null
          recipient_name: string | null
          recipient_role: string | null
          sender_email: string | null
          sender_name: string
          sender_phone: string | null
          source: Database["public"]["Enums"]["messages_source"]
          status: Database["public"]["Enums"]["messages_status"]
          subject: string
          submission_type: string | null
          updated_at: string
        }
        Insert: {
          attachments?: Json
          completed_at?: string | null
          created_at?: string
          department?: string | null
          email_error?: string | null
          email_sent_at?: string | null
          email_simulated?: boolean
          id?: string
          message: string
          priority?: Database["public"]["Enums"]["messages_priority"]
          read_at?: string | null
          recipient_email?: string | null
          recipient_name?: string | null
          recipient_role?: string | null
          sender_email?: string | null
          sender_name: string
          sender_phone?: string | null
          source?: Database["public"]["Enums"]["messages_source"]
          status?: Database["public"]["Enums"]["messages_status"]
          subject: string
          submission_type?: string | null
          updated_at?: string
        }
        Update: {
          attachments?: Json
          completed_at?: string | null
          created_at?: string
          department?: string | null
          email_error?: string | null
          email_sent_at?: string | null
          email_simulated?: boolean
          id?: string
          message?: string
          priority?: Database["public"]["Enums"]["messages_priority"]
          read_at?: string | null
          recipient_email?: string | null
          recipient_name?: string | null
          recipient_role?: string | null
          sender_email?: string | null
          sender_name?: string
          sender_phone?: string | null
          source?: Database["public"]["Enums"]["messages_source"]
          status?: Database["public"]["Enums"]["messages_status"]
          subject?: string
          submission_type?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      sermons: {
        Row: {
          audio_url: string | null
          created_at: string
          created_by: string | null
          description: string | null
          id: string
          is_published: boolean
          notes_url: string | null
          series: string | null
          sermon_date: string
          speaker: string
          tags: string[]
          title: string
          updated_at: string
          video_url: string | null
        }
        Insert: {
          audio_url?: string | null
          created_at?: string
          created_by?: string | null
          description?: string | null
          id?: string
          is_published?: boolean
          notes_url?: string | null
          series?: string | null
          sermon_date: string
          speaker: string
          tags?: string[]
          title: string
          updated_at?: string
          video_url?: string | null
        }
        Update: {
          audio_url?: string | null
          created_at?: string
          created_by?: string | null
          description?: string | null
          id?: string
          is_published?: boolean
          notes_url?: string | null
          series?: string | null
          sermon_date?: string
          speaker?: string
          tags?: string[]
          title?: string
          updated_at?: string
          video_url?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "sermons_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      users: {
        Row: {
          created_at: string
          email: string
          full_name: string
          id: string
          is_active: boolean
          last_sign_in_at: string | null
          permissions: string[] | null
          role: Database["public"]["Enums"]["users_role"]
          updated_at: string
        }
        Insert: {
          created_at?: string
          email: string
          full_name: string
          id: string
          is_active?: boolean
          last_sign_in_at?: string | null
          permissions?: string[] | null
          role?: Database["public"]["Enums"]["users_role"]
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string
          full_name?: string
          id?: string
          is_active?: boolean
          last_sign_in_at?: string | null
          permissions?: string[] | null
          role?: Database["public"]["Enums"]["users_role"]
          updated_at?: string
        }
        Relationships: []
      }
    }
    Views: {
      message_stats: {
        Row: {
          avg_response_time_minutes: number | null
          failed_messages: number | null
          messages_this_month: number | null
          messages_this_week: number | null
          messages_today: number | null
          pending_messages: number | null
          sent_messages: number | null
          total_messages: number | null
        }
        Relationships: []
      }
    }
    Functions: {
      get_message_stats: {
        Args: Record<PropertyKey, never>
        Returns: Database["public"]["Views"]["message_stats"]["Row"]
      }
      get_messages: {
        Args: {
          department?: string
          limit?: number
          recipient_name?: string
          status?: string
        }
        Returns: Database["public"]["Tables"]["messages"]["Row"][]
      }
      get_monthly_giving: {
        Args: {
          from_date: string
        }
        Returns: {
          month_key: string
          total: number
        }[]
      }
      mark_message_read: {
        Args: {
          message_id: string
        }
        Returns: undefined
      }
      update_message_status: {
        Args: {
          message_id: string
        }
        Returns: Database["public"]["Tables"]["messages"]["Row"]
      }
    }
    Enums: {
      events_event_type: "worship_service" | "prayer_meeting" | "bible_study" | "youth_meeting" | "fellowship" | "outreach" | "conference" | "special_event"
      giving_records_giving_type: "tithe" | "offering" | "special_project" | "building_fund" | "missions"
      giving_records_payment_method: "mpesa" | "cash" | "bank_transfer" | "check" | "equity_bank"
      members_marital_status: "single" | "married" | "divorced" | "widowed"
      messages_priority: "low" | "normal" | "high" | "urgent"
      messages_source: "website" | "admin"
      messages_status: "pending" | "read" | "sent" | "completed" | "failed"
      users_role: "SUPER_ADMIN" | "ADMIN" | "FINANCE_ADMIN" | "CONTENT_ADMIN" | "MEMBER_ADMIN" | "MINISTRY_LEADER" | "DEPARTMENT_HEAD" | "ELDER" | "MEMBER" | "VISITOR"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}
