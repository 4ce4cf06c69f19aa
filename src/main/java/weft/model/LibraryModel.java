package weft.model;

/** A library function Weft understands: its C name and the event a call to it produces. */
public record LibraryModel(String name, Event event) {}
