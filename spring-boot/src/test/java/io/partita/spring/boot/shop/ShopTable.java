package io.partita.spring.boot.shop;

import io.partita.annotations.Table;

/** A shared table: {@code ShopTableRepository} (item collections) is a bean too. */
@Table(name = "Shop", partitionKey = "PK", sortKey = "SK")
public interface ShopTable {}
