package io.partita.spring.boot.shop;

import io.partita.annotations.Entity;
import io.partita.annotations.Key;

@Entity(table = ShopTable.class, type = "Customer")
@Key(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
public record Customer(String customerId, String name) {}
