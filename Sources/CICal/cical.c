// libical, opened on first use: the functions clerk calls, each forwarding to the library's
// own (CLibraryLoader). clerk reaches libical for repeating events (RRULE expansion) and for
// `clerk import` / `export`; libical brings ICU, which a one-shot command on the local store
// need not load. A function clerk starts to call must be added here, or the link fails.
// Without the library each returns a failure value (NULL, 0, a null time); Swift asks
// cical_load_error() first where it can say so.
#include "shim.h"
#include "library_loader.h"

static struct clerk_library ical = CLERK_LIBRARY("libical.so.3");

const char *cical_load_error(void) { return clerk_library_error(&ical); }

/// Where icalerrno points while libical is missing: no error of libical's own.
static icalerrorenum missing_errno = ICAL_NO_ERROR;

#define ICAL(type, name, params, args, failed) CLERK_FORWARD(ical, type, name, params, args, failed)
#define ICAL_VOID(name, params, args) CLERK_FORWARD_VOID(ical, name, params, args)
/// A zeroed struct: libical's null time, an empty rule or duration.
#define ZERO(type) ((type){ 0 })

ICAL(icalerrorenum *, icalerrno_return, (void), (), &missing_errno)
ICAL_VOID(icalcomponent_add_component, (icalcomponent *parent, icalcomponent *child), (parent, child))
ICAL_VOID(icalcomponent_add_property, (icalcomponent *component, icalproperty *property), (component, property))
ICAL(char *, icalcomponent_as_ical_string_r, (icalcomponent *component), (component), NULL)
ICAL_VOID(icalcomponent_free, (icalcomponent *component), (component))
ICAL(const char *, icalcomponent_get_description, (icalcomponent *comp), (comp), NULL)
ICAL(icalcomponent *, icalcomponent_get_first_component, (icalcomponent *component, icalcomponent_kind kind), (component, kind), NULL)
ICAL(icalproperty *, icalcomponent_get_first_property, (icalcomponent *component, icalproperty_kind kind), (component, kind), NULL)
ICAL(const char *, icalcomponent_get_location, (icalcomponent *comp), (comp), NULL)
ICAL(icalcomponent *, icalcomponent_get_next_component, (icalcomponent *component, icalcomponent_kind kind), (component, kind), NULL)
ICAL(icalproperty *, icalcomponent_get_next_property, (icalcomponent *component, icalproperty_kind kind), (component, kind), NULL)
ICAL(enum icalproperty_status, icalcomponent_get_status, (icalcomponent *comp), (comp), 0)
ICAL(const char *, icalcomponent_get_summary, (icalcomponent *comp), (comp), NULL)
ICAL(icaltimezone *, icalcomponent_get_timezone, (icalcomponent *comp, const char *tzid), (comp, tzid), NULL)
ICAL(const char *, icalcomponent_get_uid, (icalcomponent *comp), (comp), NULL)
ICAL(icalcomponent *, icalcomponent_new, (icalcomponent_kind kind), (kind), NULL)
ICAL(icalcomponent *, icalcomponent_new_clone, (icalcomponent *component), (component), NULL)
ICAL(int, icaldurationtype_as_int, (struct icaldurationtype duration), (duration), 0)
ICAL(struct icaldurationtype, icaldurationtype_from_int, (int t), (t), ZERO(struct icaldurationtype))
ICAL(struct icaldurationtype, icaldurationtype_from_string, (const char *dur), (dur), ZERO(struct icaldurationtype))
ICAL(int, icaldurationtype_is_bad_duration, (struct icaldurationtype d), (d), 0)
ICAL_VOID(icalmemory_free_buffer, (void *buf), (buf))
ICAL(const char *, icalparameter_get_cn, (const icalparameter *value), (value), NULL)
ICAL(const char *, icalparameter_get_tzid, (const icalparameter *value), (value), NULL)
ICAL(icalparameter *, icalparameter_new_cn, (const char * v), (v), NULL)
ICAL(icalparameter *, icalparameter_new_tzid, (const char * v), (v), NULL)
ICAL(icalcomponent *, icalparser_parse_string, (const char *str), (str), NULL)
ICAL_VOID(icalproperty_add_parameter, (icalproperty *prop, icalparameter *parameter), (prop, parameter))
ICAL(const char *, icalproperty_get_attendee, (const icalproperty *prop), (prop), NULL)
ICAL(struct icaltimetype, icalproperty_get_dtend, (const icalproperty *prop), (prop), ZERO(struct icaltimetype))
ICAL(struct icaltimetype, icalproperty_get_dtstart, (const icalproperty *prop), (prop), ZERO(struct icaltimetype))
ICAL(struct icaldurationtype, icalproperty_get_duration, (const icalproperty *prop), (prop), ZERO(struct icaldurationtype))
ICAL(struct icaltimetype, icalproperty_get_exdate, (const icalproperty *prop), (prop), ZERO(struct icaltimetype))
ICAL(icalparameter *, icalproperty_get_first_parameter, (icalproperty *prop, icalparameter_kind kind), (prop, kind), NULL)
ICAL(struct icaldatetimeperiodtype, icalproperty_get_rdate, (const icalproperty *prop), (prop), ZERO(struct icaldatetimeperiodtype))
ICAL(struct icaltimetype, icalproperty_get_recurrenceid, (const icalproperty *prop), (prop), ZERO(struct icaltimetype))
ICAL(struct icalrecurrencetype, icalproperty_get_rrule, (const icalproperty *prop), (prop), ZERO(struct icalrecurrencetype))
ICAL(struct icaltriggertype, icalproperty_get_trigger, (const icalproperty *prop), (prop), ZERO(struct icaltriggertype))
ICAL(icalproperty *, icalproperty_new_action, (enum icalproperty_action v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_attendee, (const char * v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_calscale, (const char * v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_description, (const char * v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_dtend, (struct icaltimetype v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_dtstamp, (struct icaltimetype v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_dtstart, (struct icaltimetype v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_from_string, (const char *str), (str), NULL)
ICAL(icalproperty *, icalproperty_new_location, (const char * v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_prodid, (const char * v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_recurrenceid, (struct icaltimetype v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_summary, (const char * v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_trigger, (struct icaltriggertype v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_uid, (const char * v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_version, (const char * v), (v), NULL)
ICAL(icalproperty *, icalproperty_new_x, (const char * v), (v), NULL)
ICAL_VOID(icalproperty_set_tzid, (icalproperty *prop, const char * v), (prop, v))
ICAL_VOID(icalproperty_set_x_name, (icalproperty *prop, const char *name), (prop, name))
ICAL_VOID(icalrecur_iterator_free, (icalrecur_iterator *iterator), (iterator))
ICAL(icalrecur_iterator *, icalrecur_iterator_new, (struct icalrecurrencetype rule, struct icaltimetype dtstart), (rule, dtstart), NULL)
ICAL(struct icaltimetype, icalrecur_iterator_next, (icalrecur_iterator *iterator), (iterator), ZERO(struct icaltimetype))
ICAL(int, icalrecur_iterator_set_start, (icalrecur_iterator *impl, struct icaltimetype start), (impl, start), 0)
ICAL(char *, icalrecurrencetype_as_string_r, (struct icalrecurrencetype *recur), (recur), NULL)
ICAL(int, icalrecurrencetype_day_position, (short day), (day), 0)
ICAL(struct icalrecurrencetype, icalrecurrencetype_from_string, (const char *str), (str), ZERO(struct icalrecurrencetype))
ICAL(time_t, icaltime_as_timet_with_zone, (const struct icaltimetype tt, const icaltimezone *zone), (tt, zone), 0)
ICAL(struct icaltimetype, icaltime_from_string, (const char *str), (str), ZERO(struct icaltimetype))
ICAL(int, icaltime_is_null_time, (const struct icaltimetype t), (t), 1)
ICAL(int, icaltime_is_utc, (const struct icaltimetype t), (t), 0)
ICAL(struct icaltimetype, icaltime_null_time, (void), (), ZERO(struct icaltimetype))
ICAL(icaltimezone *, icaltimezone_get_builtin_timezone, (const char *location), (location), NULL)
ICAL(icalcomponent *, icaltimezone_get_component, (icaltimezone *zone), (zone), NULL)
ICAL(const char *, icaltimezone_get_location, (icaltimezone *zone), (zone), NULL)
ICAL(icaltimezone *, icaltimezone_get_utc_timezone, (void), (), NULL)
