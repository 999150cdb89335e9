//! Translation of egg terms into solver terms.
