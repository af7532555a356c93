#ifndef CLERK_CICAL_SHIM_H
#define CLERK_CICAL_SHIM_H
// libical's error state is a macro Swift cannot import, and a recurrence rule keeps its BY*
// lists in fixed C arrays Swift sees as long tuples; small typed wrappers live here (prefix
// cical_). clerk calls none of libical's variadic constructors (icalcomponent_vanew,
// icalproperty_vanew_*): components are built one property at a time. clerk does not link
// libical: cical.c opens libical.so.3 on the first call (CLibraryLoader).
#include <libical/ical.h>

/// NULL when libical can be loaded, else why not (the soname and dlerror's text).
const char *cical_load_error(void);

/// The last libical error (`icalerrno`), and a way to clear it before a call.
static inline int cical_errno(void) { return (int)icalerrno; }
static inline void cical_clear_errno(void) { icalerrno = ICAL_NO_ERROR; }

/// True when the rule's BYDAY names an ordinal weekday (1MO, -1FR).
static inline int cical_rule_has_byday_ordinals(const struct icalrecurrencetype *rule) {
    for (int i = 0; i < ICAL_BY_DAY_SIZE && rule->by_day[i] != ICAL_RECURRENCE_ARRAY_MAX; i++) {
        if (icalrecurrencetype_day_position(rule->by_day[i]) != 0) return 1;
    }
    return 0;
}

/// How many values the rule's BYMINUTE and BYSECOND lists hold (each list ends at
/// ICAL_RECURRENCE_ARRAY_MAX): more than one of either puts two starts within an hour.
static inline int cical_rule_by_minute_count(const struct icalrecurrencetype *rule) {
    int i = 0;
    while (i < ICAL_BY_MINUTE_SIZE && rule->by_minute[i] != ICAL_RECURRENCE_ARRAY_MAX) i++;
    return i;
}

static inline int cical_rule_by_second_count(const struct icalrecurrencetype *rule) {
    int i = 0;
    while (i < ICAL_BY_SECOND_SIZE && rule->by_second[i] != ICAL_RECURRENCE_ARRAY_MAX) i++;
    return i;
}

/// True when the rule asks for a calendar other than the Gregorian one (RFC 7529 RSCALE).
static inline int cical_rule_has_rscale(const struct icalrecurrencetype *rule) {
    return rule->rscale != NULL;
}

/// Frees what icalrecurrencetype_from_string allocated inside the rule (only RSCALE text).
static inline void cical_rule_release(struct icalrecurrencetype *rule) {
    if (rule->rscale != NULL) {
        icalmemory_free_buffer(rule->rscale);
        rule->rscale = NULL;
    }
}

#endif
